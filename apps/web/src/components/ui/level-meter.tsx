import { useEffect, useRef } from 'react';
import { Box, Group, Text } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import { useTranslation } from 'react-i18next';
import type { NalsState } from '../../lib/nals/nals-state';
import { nalsStore } from '../../lib/nals/nals-store';
import { createMeterModel, levelDb, type MeterReading } from '../../lib/nals/meter-model';

/** How often a screen reader's value follows the level (it needs no more; the bar moves at the client's rate). */
const ARIA_EVERY_MS = 1_000;

interface LevelMeterProps {
  /** Read with the meter ("Input level", "Level of Ben"). */
  label: string;
  /** The level this meter shows from the client's latest `audio_levels` (0 to 1), or null when there is none. Keep it
   *  stable (module level or memoized): the meter subscribes once per selector. */
  select: (levels: NalsState['levels']) => number | null;
  /** Also show the label as text above the bar. */
  showLabel?: boolean;
}

/**
 * A level meter fed by `audio_levels` at the client's own rate (about 10 a second) without rendering React: a store
 * subscription writes the bar, the peak mark and the clip mark straight to the DOM, once per animation frame. Silence
 * (no levels: the client left the room, `dis`) clears it at once.
 */
export function LevelMeter({ label, select, showLabel = false }: LevelMeterProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const peak = useRef<HTMLDivElement>(null);
  const clip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const model = createMeterModel();
    let frame = 0;
    let next: number | null = null;
    let spokenAt = -Infinity;
    // What the DOM shows now: each frame writes only what changed (a write costs a style pass, an attribute more).
    let shown = { level: -1, peak: -1, clipped: false };
    const draw = (reading: MeterReading, now: number) => {
      if (reading.level !== shown.level && bar.current) bar.current.style.transform = `scaleX(${reading.level})`;
      if (reading.peak !== shown.peak && peak.current) {
        // The mark is the right edge of a full-width layer, moved by a transform (not `left`): no layout, no repaint.
        peak.current.style.transform = `translateX(${(reading.peak - 1) * 100}%)`;
        peak.current.style.opacity = reading.peak > 0 ? '1' : '0';
      }
      if (reading.clipped !== shown.clipped && clip.current) clip.current.dataset.clipped = String(reading.clipped);
      const el = root.current;
      if (!el) return;
      if (reading.level !== shown.level) el.dataset.level = String(reading.level);
      shown = reading;
      if (now - spokenAt >= ARIA_EVERY_MS || reading.level === 0) {
        spokenAt = now;
        const db = levelDb(reading.level);
        el.setAttribute('aria-valuenow', String(Math.round(reading.level * 100)));
        el.setAttribute(
          'aria-valuetext',
          `${db === -Infinity ? t('meter.silent') : t('meter.db', { db })}${reading.clipped ? `, ${t('meter.clip')}` : ''}`,
        );
      }
    };
    const onFrame = () => {
      frame = 0;
      const now = performance.now();
      draw(next === null ? model.reset() : model.update(next, now), now);
    };
    const apply = (state: NalsState) => {
      next = select(state.levels);
      if (!frame) frame = requestAnimationFrame(onFrame);
    };
    apply(nalsStore.getState());
    const unsubscribe = nalsStore.subscribe((state, previous) => {
      if (state.levels !== previous.levels) apply(state);
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [select, t]);

  return (
    <div>
      {showLabel && (
        <Text size="xs" c="dimmed" aria-hidden="true" mb={2}>
          {label}
        </Text>
      )}
      <Group gap={6} wrap="nowrap" align="center">
        <Box
          ref={root}
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={0}
          aria-valuetext={t('meter.silent')}
          data-level="0"
          pos="relative"
          h={8}
          style={{ flex: 1, borderRadius: 4, overflow: 'hidden', background: 'var(--mantine-color-gray-2)' }}
        >
          <Box
            ref={bar}
            pos="absolute"
            inset={0}
            style={{
              transformOrigin: 'left',
              transform: 'scaleX(0)',
              // Its own compositor layer: a new level scales it without repainting the gradient.
              willChange: 'transform',
              // Green, then amber near the top, red at full scale: a meter's usual colours.
              background:
                'linear-gradient(90deg, var(--mantine-color-teal-6) 0%, var(--mantine-color-teal-6) 70%, var(--mantine-color-yellow-5) 85%, var(--mantine-color-red-6) 100%)',
              backgroundSize: '100% 100%',
            }}
          />
          <Box
            ref={peak}
            pos="absolute"
            inset={0}
            style={{
              borderRight: '2px solid var(--mantine-color-dark-6)',
              transform: 'translateX(-100%)',
              willChange: 'transform',
              opacity: 0,
            }}
          />
        </Box>
        <Box
          ref={clip}
          className="level-meter-clip"
          data-clipped="false"
          w={10}
          h={10}
          title={t('meter.clip')}
          aria-hidden="true"
          style={{ borderRadius: '50%', flexShrink: 0 }}
        />
      </Group>
    </div>
  );
}
