import { Group, Text, type MantineSize } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';

/**
 * A control's name and its current value on one line, as a mixing desk labels its strips. Hidden from assistive
 * technologies: the slider under it carries the same name (thumbLabel) and value (thumbValueText).
 */
export function ControlLabel({ label, value, size = 'xs' }: { label: string; value: string; size?: MantineSize }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" aria-hidden="true">
      <Text size={size} c="dimmed" truncate="end">
        {label}
      </Text>
      <Text size={size} fw={600} style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
        {value}
      </Text>
    </Group>
  );
}
