import { useEffect, useRef, useState } from 'react';
import { Slider } from '@mantine/core';
import '@mantine/core/styles/Slider.css';
import { useTranslation } from 'react-i18next';
import { ControlLabel } from '../../../components/ui/control-label';
import { currentLanguage } from '../../../lib/i18n';
import { effectText, toClient, toScreen, type EffectDisplay } from '../effect-text';
import { NALS_NS } from '../translations';

/** After letting go, the thumb shows what was sent until the client reports back, at most this long. */
const ECHO_WAIT_MS = 1_500;

interface EffectSliderProps {
  label: string;
  display: EffectDisplay;
  /** The value the client reports, on its own scale (seconds, 0 to 1…). */
  value: number;
  /** The client's bounds, on its own scale. */
  bounds: { min: number; max: number };
  /** Receives the value let go of, on the client's scale. */
  onCommit: (value: number) => void;
}

/**
 * One effect value as a mixing desk shows it: its name and value with its unit above a slider whose ends are the
 * bounds the client reported, so no value out of bounds can be chosen (nothing to clamp, nothing to say about it;
 * the command clamps all the same). While the thumb moves only the screen follows; the value goes to the client
 * when it is let go (each arrow key press is one).
 */
export function EffectSlider({ label, display, value, bounds, onCommit }: EffectSliderProps) {
  const { t } = useTranslation(NALS_NS);
  const locale = currentLanguage();
  const reported = toScreen(display, value);
  const [moving, setMoving] = useState<number | null>(null);
  const echo = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(echo.current), []);
  // Only the client's echo of the value shown ends the move: the echo of an earlier key press, arriving between two
  // presses, must not pull the thumb back. A value the client changed (rounded, clamped) ends it after a while.
  useEffect(() => setMoving((shown) => (shown === reported ? null : shown)), [reported]);

  const text = (v: number) => effectText(t, locale, display, v);
  const min = toScreen(display, bounds.min);
  const max = toScreen(display, bounds.max);
  const shown = moving ?? reported;
  return (
    <div>
      <ControlLabel size="sm" label={label} value={text(shown)} />
      <Slider
        thumbLabel={label}
        thumbValueText={text}
        label={text}
        min={min}
        max={max}
        step={display.step}
        value={shown}
        // A cut or a boost (gain) fills from 0, not from the left end.
        startPointValue={min < 0 && max > 0 ? 0 : undefined}
        onChange={(v) => {
          window.clearTimeout(echo.current);
          setMoving(v);
        }}
        onChangeEnd={(v) => {
          setMoving(v);
          onCommit(toClient(display, v));
          window.clearTimeout(echo.current);
          echo.current = window.setTimeout(() => setMoving(null), ECHO_WAIT_MS);
        }}
        mb={4}
      />
    </div>
  );
}
