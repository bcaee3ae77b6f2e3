import { useState } from 'react';
import { Button, Fieldset, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { SessionPlayer } from '@tutti/contract/sessions';
import { PercentSlider } from '../../../components/ui/percent-slider';
import { reverbCommand, startRecordingCommand, stopRecordingCommand } from '../../../lib/nals/commands';
import { currentLanguage } from '../../../lib/i18n';
import { sendCommand, useNals } from '../../../lib/nals/nals-store';
import { formatClock, recordingTitle } from '../../../lib/nals/recording-time';
import { useRecordingClock, useSavedRecording } from '../../../lib/nals/use-recording';
import { SESSIONS_NS } from '../translations';
import { AudioClientMessage } from './audio-client-message';
import { RoomQuality } from './room-quality';
import { DEFAULT_MIX, SlotRow, type SlotMix } from './slot-row';

interface RehearsalManagerProps {
  players: SessionPlayer[];
  mySlot: number;
  roomId: string;
  /** The audio client is away: every control is disabled (still shown, so the mix is there when it comes back). */
  disabled?: boolean;
}

/** The rehearsal manager (spec section 2): my mix of each player slot, reverb, recording, and the room quality. */
export function RehearsalManager({ players, mySlot, roomId, disabled = false }: RehearsalManagerProps) {
  const { t } = useTranslation(SESSIONS_NS);
  const [mixes, setMixes] = useState<Record<number, SlotMix>>({});
  const mixOf = (slot: number) => mixes[slot] ?? DEFAULT_MIX;
  const patch = (slot: number, change: Partial<SlotMix>) =>
    setMixes((all) => ({ ...all, [slot]: { ...(all[slot] ?? DEFAULT_MIX), ...change } }));

  const sorted = [...players].sort((a, b) => a.slot - b.slot);

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="rehearsal-manager"
      aria-disabled={disabled || undefined}
      data-disabled={disabled || undefined}
    >
      <Stack gap="lg">
        <Title order={2} size="h3" id="rehearsal-manager">
          {t('manager.title')}
        </Title>
        <AudioClientMessage />
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('manager.slots')}
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {sorted.map((player) => {
              const slot = player.slot;
              return (
                <SlotRow
                  key={`${slot}-${player.musician.id}`}
                  player={player}
                  isMe={slot === mySlot}
                  disabled={disabled}
                  mix={mixOf(slot)}
                  onMove={(change) => patch(slot, change)}
                  onVolume={(volume) => {
                    patch(slot, { volume });
                    sendCommand({ action: 'set_slot_volume', data: { slot, volume: volume / 100 } });
                  }}
                  onMute={(muted) => {
                    patch(slot, { muted });
                    sendCommand({ action: 'set_slot_mute', data: { slot, muted } });
                  }}
                  onSolo={(solo) => {
                    patch(slot, { solo });
                    sendCommand({ action: 'set_slot_solo', data: { slot, solo } });
                  }}
                  onDirection={(direction) => {
                    patch(slot, { direction });
                    sendCommand({ action: 'set_direction', data: { slot, direction: direction / 100 } });
                  }}
                />
              );
            })}
          </Stack>
        </Stack>
        <ReverbControls disabled={disabled} />
        <RecordControls disabled={disabled} />
        <RoomQuality roomId={roomId} />
      </Stack>
    </Paper>
  );
}

function ReverbControls({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(SESSIONS_NS);
  const config = useNals((s) => s.currentConfig);
  const [side, setSide] = useState<'local' | 'room'>(config?.reverbSide ?? 'local');
  const [value, setValue] = useState(Math.round((config?.reverbValue ?? 0) * 100));
  return (
    <Fieldset legend={t('manager.reverb')} radius="md" disabled={disabled}>
      <Stack gap="sm">
        <Group gap="xs" role="radiogroup" aria-label={t('manager.reverbSide')}>
          {(['local', 'room'] as const).map((s) => (
            <Button
              key={s}
              size="xs"
              role="radio"
              aria-checked={side === s}
              variant={side === s ? 'filled' : 'default'}
              onClick={() => {
                setSide(s);
                sendCommand(reverbCommand(s, value / 100));
              }}
            >
              {s === 'local' ? t('manager.reverbLocal') : t('manager.reverbRoom')}
            </Button>
          ))}
        </Group>
        <PercentSlider
          label={t('manager.reverbValue')}
          disabled={disabled}
          value={value}
          onChange={setValue}
          onChangeEnd={(v) => sendCommand(reverbCommand(side, v / 100))}
        />
      </Stack>
    </Fieldset>
  );
}

function RecordControls({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(SESSIONS_NS);
  const { recording, elapsed } = useRecordingClock();
  const saved = useSavedRecording();
  const locale = currentLanguage();
  return (
    <Stack gap={4}>
      <Group gap="sm">
        {recording ? (
          <>
            <Button color="red.8" disabled={disabled} onClick={() => sendCommand(stopRecordingCommand())}>
              {t('manager.stopRecord')}
            </Button>
            {/* A timer is not live: it ticks every second on screen, and is read when asked, not announced. */}
            <Text size="sm" ff="monospace" fw={600} role="timer" aria-label={t('manager.elapsed')}>
              {formatClock(elapsed)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('manager.recordingMax', { max: Math.round(recording.maxSeconds / 60) })}
            </Text>
          </>
        ) : (
          <>
            <Button variant="light" disabled={disabled} onClick={() => sendCommand(startRecordingCommand())}>
              {t('manager.record')}
            </Button>
            {!saved && (
              <Text size="sm" c="dimmed">
                {t('manager.notRecording')}
              </Text>
            )}
          </>
        )}
      </Group>
      {/* Always there, so that each change is announced once: recording started, then where it was saved. */}
      <div role="status" data-testid="recording-notice">
        {recording ? (
          <VisuallyHidden>{t('manager.recording')}</VisuallyHidden>
        ) : (
          saved && (
            <Text size="sm">{t('manager.savedAs', { name: recordingTitle(saved.name, saved.startedAt, locale) })}</Text>
          )
        )}
      </div>
    </Stack>
  );
}
