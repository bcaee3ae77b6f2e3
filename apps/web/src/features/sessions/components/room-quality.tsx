import { useEffect, useRef, useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { PING_WINDOW_SIZE } from '@tutti/contract/sessions';
import { RttChart } from '../../../components/ui/rtt-chart';
import { formatMs } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { pingCommand } from '../../../lib/nals/commands';
import { nalsStore, onSignal, sendCommand } from '../../../lib/nals/nals-store';
import { postRoomMetrics } from '../api/room-metrics';
import { addPingSample, emptyPingWindow, pingStatistics, type PingWindow } from '../ping-window';
import { SESSIONS_NS } from '../translations';

/** The audio client pings the room on its own; when it has been silent this long, the page asks for a ping. */
const PING_ASK_MS = 3_000;

/**
 * Room quality: the audio client's `ping` signals in a rolling window of PING_WINDOW_SIZE; each time the window is
 * full a report goes to v1/rooms/{id}/metrics. Figures and chart show the current window.
 */
export function RoomQuality({ roomId }: { roomId: string }) {
  const { t } = useTranslation(SESSIONS_NS);
  const [pings, setPings] = useState<PingWindow>(emptyPingWindow);
  const current = useRef(pings);
  const lastSampleAt = useRef(0);

  useEffect(() => {
    current.current = emptyPingWindow;
    setPings(emptyPingWindow);
    const off = onSignal((message) => {
      if (message.signal !== 'ping') return;
      lastSampleAt.current = Date.now();
      const { window: next, report } = addPingSample(current.current, message.data.rttMs, PING_WINDOW_SIZE);
      current.current = next;
      setPings(next);
      // A lost report only leaves a gap in the room's history: never worth bothering the musician.
      if (report) void postRoomMetrics(roomId, report).catch(() => undefined);
    });
    const timer = globalThis.setInterval(() => {
      if (Date.now() - lastSampleAt.current >= PING_ASK_MS) sendCommand(pingCommand(nalsStore.getState().version));
    }, PING_ASK_MS);
    return () => {
      off();
      globalThis.clearInterval(timer);
    };
  }, [roomId]);

  const locale = currentLanguage();
  const fmt = (ms: number) => formatMs(ms, locale);
  const stats = pingStatistics(pings.samples);

  return (
    <Stack gap="xs" component="section" aria-labelledby="room-quality">
      <Title order={3} size="h5" id="room-quality">
        {t('manager.quality')}
      </Title>
      {stats === null ? (
        <Text size="sm" c="dimmed">
          {t('manager.qualityWaiting')}
        </Text>
      ) : (
        <>
          <Text size="sm" data-testid="room-quality-figures">
            {t('manager.qualityFigures', {
              min: fmt(stats.minPingInMs),
              avg: fmt(stats.averagePingInMs),
              max: fmt(stats.maxPingInMs),
              sigma: fmt(stats.sigmaPingInMs),
            })}
          </Text>
          <RttChart
            samples={pings.samples}
            median={stats.averagePingInMs}
            label={t('manager.qualityChart', { count: pings.samples.length })}
            format={fmt}
            axisLabel={t('manager.axis')}
          />
          <Text size="xs" c="dimmed">
            {t('manager.averageLine')}
          </Text>
        </>
      )}
    </Stack>
  );
}
