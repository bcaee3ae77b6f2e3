import { useEffect, useRef } from 'react';
import { Box, Group, Text } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import { useTranslation } from 'react-i18next';
import type { NalsState } from '../../lib/nals/nals-state';
import { nalsStore } from '../../lib/nals/nals-store';
import { createMeterModel, levelDb, type MeterReading } from '../../lib/nals/meter-model';
import { createMeterPainter, meterColors } from './meter-canvas';

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
 * subscription paints the bar and the peak mark on a canvas, once per animation frame, and lights the clip mark.
 * Silence (no levels: the client left the room, `dis`) clears it at once.
 */
export function LevelMeter({ label, select, showLabel = false }: LevelMeterProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const clip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const model = createMeterModel();
    const surface = canvas.current;
    const painter = surface ? createMeterPainter(surface, meterColors(surface)) : null;
    let frame = 0;
    let next: number | null = null;
    let spokenAt = -Infinity;
    // What the canvas shows now: a frame that would paint the same is skipped.
    let shown: MeterReading = { level: -1, peak: -1, clipped: false };
    const draw = (reading: MeterReading, now: number) => {
      if (reading.level !== shown.level || reading.peak !== shown.peak) painter?.paint(reading);
      if (reading.clipped !== shown.clipped && clip.current) clip.current.dataset.clipped = String(reading.clipped);
      const silenced = reading.level === 0 && shown.level !== 0;
      shown = reading;
      const el = root.current;
      // The attributes (the value a screen reader reads, the level tests read) follow at a reader's pace: an
      // attribute write is a style invalidation, which ten times a second per meter made every frame a full one.
      if (el && (now - spokenAt >= ARIA_EVERY_MS || silenced)) {
        spokenAt = now;
        el.dataset.level = String(reading.level);
        const db = levelDb(reading.level);
        el.setAttribute('aria-valuenow', String(Math.round(reading.level * 100)));
        el.setAttribute(
          'aria-valuetext',
          `${db === -Infinity ? t('meter.silent') : t('meter.db', { db })}${reading.clipped ? `, ${t('meter.clip')}` : ''}`,
        );
      }
    };
    // The canvas's backing store follows its box (a phone turned, a dialog opened): repainted at once.
    const resized =
      surface && painter && typeof ResizeObserver !== 'undefined'
        ? new ResizeObserver(([entry]) => {
            if (!entry) return;
            painter.resize(entry.contentRect.width, entry.contentRect.height, window.devicePixelRatio);
            if (shown.level >= 0) painter.paint(shown);
          })
        : null;
    if (surface) resized?.observe(surface);
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
      resized?.disconnect();
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
          h={8}
          style={{ flex: 1, borderRadius: 4, overflow: 'hidden', background: 'var(--mantine-color-gray-2)' }}
        >
          <canvas ref={canvas} aria-hidden="true" style={{ display: 'block', width: '100%', height: '100%' }} />
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
