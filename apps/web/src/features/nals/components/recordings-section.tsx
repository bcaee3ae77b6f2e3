import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { NALS_RECORD_MAX_SECONDS } from '@tutti/contract/nals-constants';
import type { NalsSignalData } from '@tutti/contract/nals';
import { currentLanguage } from '../../../lib/i18n';
import {
  deleteRecordingCommand,
  listRecordingsCommand,
  startRecordingCommand,
  stopRecordingCommand,
  supports,
} from '../../../lib/nals/commands';
import { sendCommand, useNals } from '../../../lib/nals/nals-store';
import { formatClock, recordingMoment, recordingTitle } from '../../../lib/nals/recording-time';
import { useRecordingClock, useSavedRecording } from '../../../lib/nals/use-recording';
import { formatDuration, formatFileSize } from '../recordings';
import { NALS_NS } from '../translations';

type Recording = NalsSignalData<'catalog'>['recordings'][number];

/**
 * Local recordings (spec section 5): record to a file (at most NALS_RECORD_MAX_SECONDS), stop, and, from 0.6.4, the
 * client's catalog with a confirmed delete. Rendered inside the configuration dialog, which shows it only when connected.
 */
export function RecordingsSection() {
  const { t } = useTranslation(NALS_NS);
  const version = useNals((s) => s.version);
  const { recording, elapsed } = useRecordingClock();
  const saved = useSavedRecording();
  const canList = supports(version, 'recordings');
  const isRecording = recording !== null;
  const locale = currentLanguage();

  // The catalog is asked for when the section opens, then again each time a recording ends (its file is complete).
  const wasRecording = useRef(isRecording);
  useEffect(() => {
    sendCommand(listRecordingsCommand(version));
  }, [version]);
  useEffect(() => {
    if (wasRecording.current && !isRecording) sendCommand(listRecordingsCommand(version));
    wasRecording.current = isRecording;
  }, [isRecording, version]);

  return (
    <Stack gap="sm" component="section" aria-labelledby="nals-recordings">
      <Title order={3} size="h4" id="nals-recordings">
        {t('recordings.title')}
      </Title>
      {recording ? (
        <Group gap="sm" justify="space-between">
          <Group gap="xs">
            <Badge color="red" variant="dot" size="lg">
              {t('recordings.recording')}
            </Badge>
            {/* A timer is not live: assistive technologies read it when asked, not every second. */}
            <Text size="sm" ff="monospace" role="timer" aria-label={t('recordings.elapsed')}>
              {formatClock(elapsed)} / {formatClock(recording.maxSeconds)}
            </Text>
          </Group>
          <Button color="red" onClick={() => sendCommand(stopRecordingCommand())}>
            {t('recordings.stop')}
          </Button>
        </Group>
      ) : (
        <Group gap="sm">
          <Button variant="light" onClick={() => sendCommand(startRecordingCommand())}>
            {t('recordings.record')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('recordings.limit', { minutes: NALS_RECORD_MAX_SECONDS / 60 })}
          </Text>
        </Group>
      )}
      {/* Always there, so that the sentence is announced when it appears. */}
      <Text size="sm" role="status" data-testid="recording-notice">
        {saved && !recording && t('recordings.savedAs', { name: recordingTitle(saved.name, saved.startedAt, locale) })}
      </Text>
      {canList ? (
        <RecordingList version={version} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('recordings.listHidden', { version })}
        </Text>
      )}
    </Stack>
  );
}

function RecordingList({ version }: { version: string | null }) {
  const { t } = useTranslation(NALS_NS);
  const recordings = useNals((s) => s.recordings);
  const [confirming, setConfirming] = useState<string | null>(null);

  if (recordings === null) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('recordings.loading')}</Text>
      </Group>
    );
  }
  if (recordings.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('recordings.empty')}
      </Text>
    );
  }
  // Newest first: the one just recorded is on top.
  const sorted = [...recordings].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label={t('recordings.list')} style={{ listStyle: 'none' }}>
      {sorted.map((item) => (
        <RecordingRow
          key={item.name}
          item={item}
          confirming={confirming === item.name}
          onAsk={() => setConfirming(item.name)}
          onCancel={() => setConfirming(null)}
          onDelete={() => {
            setConfirming(null);
            sendCommand(deleteRecordingCommand(version, item.name));
          }}
        />
      ))}
    </Stack>
  );
}

interface RecordingRowProps {
  item: Recording;
  confirming: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onDelete: () => void;
}

function RecordingRow({ item, confirming, onAsk, onCancel, onDelete }: RecordingRowProps) {
  const { t } = useTranslation(NALS_NS);
  const locale = currentLanguage();
  // The human name first ("Tuesday 24 November at 19:30"), the client's file name as the secondary line.
  const at = recordingMoment(item.name, item.createdAt);
  const title = recordingTitle(item.name, item.createdAt, locale);
  const label = title === item.name ? title : `${title}, ${item.name}`;
  return (
    <Paper component="li" withBorder radius="md" px="sm" py="xs" aria-label={label}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Text size="sm" fw={500}>
            {at ? <time dateTime={at.toISOString()}>{title}</time> : title}
          </Text>
          {title !== item.name && (
            <Text size="xs" c="dimmed" ff="monospace" truncate="end" title={item.name}>
              {item.name}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatDuration(item.durationSec)} · {formatFileSize(item.sizeBytes, locale)}
          </Text>
        </Stack>
        {confirming ? (
          <Group gap="xs" role="group">
            <Text size="xs">{t('recordings.confirm', { name: title })}</Text>
            <Button size="xs" variant="default" onClick={onCancel}>
              {t('recordings.cancel')}
            </Button>
            <Button size="xs" color="red" onClick={onDelete}>
              {t('recordings.confirmDelete')}
            </Button>
          </Group>
        ) : (
          <Button size="xs" variant="subtle" color="red" onClick={onAsk}>
            {t('recordings.delete')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
