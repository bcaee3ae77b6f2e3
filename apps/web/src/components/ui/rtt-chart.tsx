import { useId } from 'react';
import { Box, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';

const HEIGHT = 140;
/** Drawing units per sample; the drawing stretches to the width available, the axis labels stay HTML text. */
const SLOT = 10;

/** The smallest 1, 2 or 5 times a power of ten at or above `value`: axis ends people read at a glance. */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

/** Where a bar of `ms` stands in the 0–100 drawing (100 is the baseline, `top` the axis end): it always grows up
 *  from the baseline, and a tiny one stays visible as a thin bar, never dipping below it. */
export function barGeometry(ms: number, top: number): { y: number; height: number } {
  const height = Math.min(100, Math.max(0.8, (Math.max(0, ms) / top) * 100));
  return { y: 100 - height, height };
}

interface RttChartProps {
  samples: readonly number[];
  median: number | null;
  label: string;
  format: (ms: number) => string;
  /** What the vertical axis measures, with its unit ("Round trip (ms)"). */
  axisLabel: string;
}

/** A plain SVG bar chart of the round trips, with the median as a dashed line: no chart library for 20 bars. */
export function RttChart({ samples, median, label, format, axisLabel }: RttChartProps) {
  const titleId = useId();
  if (samples.length === 0) return null;
  const top = niceCeil(Math.max(...samples) * 1.05);
  const width = samples.length * SLOT;
  const y = (ms: number) => 100 - (ms / top) * 100;

  return (
    <Box style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 8 }}>
      <Text size="xs" c="dimmed" fw={600} aria-hidden="true" style={{ gridColumn: '1 / -1' }} mb={4}>
        {axisLabel}
      </Text>
      <Stack justify="space-between" h={HEIGHT} gap={0} aria-hidden="true" style={{ textAlign: 'right' }}>
        {[top, top / 2, 0].map((tick) => (
          <Text key={tick} size="xs" c="dimmed" lh={1}>
            {format(tick)}
          </Text>
        ))}
      </Stack>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        style={{ display: 'block', overflow: 'visible' }}
      >
        <title id={titleId}>{label}</title>
        {[0, 50, 100].map((line) => (
          <line
            key={line}
            x1={0}
            x2={width}
            y1={line}
            y2={line}
            stroke="var(--mantine-color-gray-3)"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {samples.map((ms, i) => (
          <rect
            key={i}
            x={i * SLOT + SLOT * 0.15}
            {...barGeometry(ms, top)}
            width={SLOT * 0.7}
            fill="var(--mantine-color-violet-6)"
          />
        ))}
        {median !== null && (
          <line
            x1={0}
            x2={width}
            y1={y(median)}
            y2={y(median)}
            stroke="var(--mantine-color-teal-8)"
            strokeWidth="2"
            strokeDasharray="6 4"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
    </Box>
  );
}
