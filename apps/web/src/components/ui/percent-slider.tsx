import { Slider, Text, type MantineSpacing } from '@mantine/core';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Slider.css';

interface PercentSliderProps {
  /** Shown above the slider and given to its thumb (the visible text is hidden from assistive technologies). */
  label: string;
  /** 0 to 100. */
  value: number;
  onChange: (value: number) => void;
  /** When the user lets go. */
  onChangeEnd: (value: number) => void;
  disabled?: boolean;
  mb?: MantineSpacing;
}

/** A labelled 0–100 % slider in steps of 1 (reverb levels). */
export function PercentSlider({ label, value, onChange, onChangeEnd, disabled, mb }: PercentSliderProps) {
  return (
    <div>
      <Text size="sm" fw={500} mb={6} aria-hidden="true">
        {label}
      </Text>
      <Slider
        thumbLabel={label}
        min={0}
        max={100}
        step={1}
        value={value}
        disabled={disabled}
        label={(v) => `${v} %`}
        onChange={onChange}
        onChangeEnd={onChangeEnd}
        mb={mb}
      />
    </div>
  );
}
