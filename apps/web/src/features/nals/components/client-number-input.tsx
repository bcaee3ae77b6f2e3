import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import { useTranslation } from 'react-i18next';
import { clamp } from '../../../lib/nals/commands';
import { NALS_NS } from '../translations';

/** How long typing pauses before the value goes to the client. */
export const COMMIT_DELAY_MS = 500;
/** After sending, the field shows what was sent until the client reports back, at most this long. */
const ECHO_WAIT_MS = 1_500;

export const formatNumber = (value: number) => String(Math.round(value * 1000) / 1000);

interface ClientNumberInputProps {
  label: string;
  /** The value the client reports. */
  value: number;
  min: number;
  max: number;
  /** Receives the typed value, clamped to [min, max]. */
  onCommit: (value: number) => void;
  description?: string;
  integer?: boolean;
  /** Shown, not editable (manual jitter while automatic jitter is on). */
  disabled?: boolean;
}

/**
 * A number field that shows the audio client's own value. What the user types is clamped to the client's bounds and
 * sent after a short pause (or on Enter or leaving the field); the field then shows the clamped value until the
 * client's report replaces it.
 */
export function ClientNumberInput(props: ClientNumberInputProps) {
  const { label, value, min, max, onCommit, description, integer, disabled } = props;
  const { t } = useTranslation(NALS_NS);
  const [draft, setDraft] = useState<string | null>(null);
  /** What a typed value was changed to, when it was outside the client's bounds: said, never silent. */
  const [clamped, setClamped] = useState<'min' | 'max' | null>(null);
  const typing = useRef<number | undefined>(undefined);
  const echo = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      window.clearTimeout(typing.current);
      window.clearTimeout(echo.current);
    },
    [],
  );

  // The client reported a (new) value: it wins over anything shown, unless the user is still typing.
  useEffect(() => {
    if (typing.current === undefined) setDraft(null);
  }, [value]);

  const commit = (text: string) => {
    window.clearTimeout(typing.current);
    typing.current = undefined;
    const parsed = Number.parseFloat(text.replace(',', '.'));
    if (!Number.isFinite(parsed)) {
      setDraft(null);
      return;
    }
    const wanted = integer ? Math.round(parsed) : parsed;
    const next = clamp(wanted, min, max);
    setClamped(wanted > max ? 'max' : wanted < min ? 'min' : null);
    setDraft(formatNumber(next));
    onCommit(next);
    window.clearTimeout(echo.current);
    echo.current = window.setTimeout(() => setDraft(null), ECHO_WAIT_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit(event.currentTarget.value);
  };

  return (
    <TextInput
      type="number"
      label={label}
      description={description}
      disabled={disabled}
      error={
        clamped &&
        t(clamped === 'max' ? 'config.clampedMax' : 'config.clampedMin', {
          value: formatNumber(clamped === 'max' ? max : min),
        })
      }
      min={min}
      max={max}
      step="any"
      inputMode="decimal"
      value={draft ?? formatNumber(value)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setDraft(text);
        setClamped(null);
        window.clearTimeout(typing.current);
        typing.current = window.setTimeout(() => commit(text), COMMIT_DELAY_MS);
      }}
      onBlur={(event) => {
        if (typing.current !== undefined) commit(event.currentTarget.value);
      }}
      onKeyDown={onKeyDown}
    />
  );
}
