import { useId } from 'react';
import { Box, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import type { AccountStats } from '@tutti/contract/account-admin';
import { niceCeil } from '../../../components/ui/rtt-chart';

const HEIGHT = 160;
/** Drawing units per day; the drawing stretches to the width available, the labels stay HTML text. */
const SLOT = 10;

interface SignUpsChartProps {
  days: AccountStats['signUpsPerDay'];
  title: string;
  /** One sentence that says what the bars show, for everyone (and the image's description). */
  summary: string;
  axisLabel: string;
  formatDay: (day: string) => string;
}

/** Sign-ups per day as a plain SVG bar chart: 90 bars need no chart library. */
export function SignUpsChart({ days, title, summary, axisLabel, formatDay }: SignUpsChartProps) {
  const titleId = useId();
  const summaryId = useId();
  const top = niceCeil(Math.max(1, ...days.map((d) => d.count)));
  const width = Math.max(1, days.length) * SLOT;
  return (
    <Stack gap="xs">
      <Text id={titleId} fw={600}>
        {title}
      </Text>
      <Text id={summaryId} size="sm" c="dimmed">
        {summary}
      </Text>
      <Group gap="xs" align="stretch" wrap="nowrap">
        <Stack justify="space-between" gap={0} h={HEIGHT} aria-hidden="true">
          <Text size="xs" c="dimmed">
            {top}
          </Text>
          <Text size="xs" c="dimmed">
            0
          </Text>
        </Stack>
        <Box flex={1} miw={0}>
          <svg
            role="img"
            aria-labelledby={titleId}
            aria-describedby={summaryId}
            viewBox={`0 0 ${width} 100`}
            preserveAspectRatio="none"
            width="100%"
            height={HEIGHT}
            data-testid="sign-ups-chart"
          >
            <line x1={0} x2={width} y1={100} y2={100} stroke="var(--mantine-color-gray-5)" strokeWidth={0.5} />
            {days.map((d, i) => {
              const height = d.count === 0 ? 0 : Math.max(1, (d.count / top) * 100);
              return (
                <rect
                  key={d.day}
                  x={i * SLOT + 1}
                  y={100 - height}
                  width={SLOT - 2}
                  height={height}
                  fill="var(--mantine-color-blue-6)"
                >
                  <title>{`${formatDay(d.day)}: ${d.count}`}</title>
                </rect>
              );
            })}
          </svg>
          <Group justify="space-between" aria-hidden="true">
            <Text size="xs" c="dimmed">
              {days[0] ? formatDay(days[0].day) : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {axisLabel}
            </Text>
            <Text size="xs" c="dimmed">
              {days.at(-1) ? formatDay(days.at(-1)!.day) : ''}
            </Text>
          </Group>
        </Box>
      </Group>
    </Stack>
  );
}
