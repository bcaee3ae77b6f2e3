import { Avatar, Badge, Group, Paper, SimpleGrid, Slider, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SessionPlayer } from '@tutti/contract/sessions';
import { SESSIONS_NS } from '../translations';

export interface SlotMix {
  /** 0 to 100 on screen; the audio client takes 0 to 1. */
  volume: number;
  muted: boolean;
  solo: boolean;
  /** -100 (left) to 100 (right); the audio client takes -1 to 1. */
  direction: number;
}

export const DEFAULT_MIX: SlotMix = { volume: 100, muted: false, solo: false, direction: 0 };

interface SlotRowProps {
  player: SessionPlayer;
  isMe: boolean;
  /** The audio client is away: shown, not usable. */
  disabled?: boolean;
  mix: SlotMix;
  /** While a thumb moves only the screen follows; the command goes when it is let go. */
  onMove: (patch: Partial<SlotMix>) => void;
  onVolume: (volume: number) => void;
  onMute: (muted: boolean) => void;
  onSolo: (solo: boolean) => void;
  onDirection: (direction: number) => void;
}

/** One player slot of the rehearsal manager: volume, mute, solo and direction of that slot in my mix. */
export function SlotRow(props: SlotRowProps) {
  const { player, isMe, disabled = false, mix, onMove, onVolume, onMute, onSolo, onDirection } = props;
  const { t } = useTranslation(SESSIONS_NS);
  const name = player.musician.displayedUsername;
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-slot={player.slot}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={player.musician.profilePicture} alt="" radius="xl" size={32} color="violet">
            {name.slice(0, 2).toUpperCase()}
          </Avatar>
          {/* On a phone the name wraps under its badge rather than being cut: it is how a musician finds their row. */}
          <Group gap={6} miw={0} style={{ flex: 1, rowGap: 2 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {isMe && (
              <Text span c="dimmed" size="sm">
                {t('manager.me')}
              </Text>
            )}
          </Group>
          <Badge variant="outline" color="gray.8" tt="none" style={{ flexShrink: 0 }}>
            {t('details.slot', { slot: player.slot + 1 })}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs">
          <div>
            <Text size="xs" c="dimmed" aria-hidden="true">
              {t('manager.volume', { name })}
            </Text>
            <Slider
              thumbLabel={t('manager.volume', { name })}
              min={0}
              max={100}
              step={1}
              disabled={disabled}
              value={mix.volume}
              label={(v) => `${v} %`}
              onChange={(volume) => onMove({ volume })}
              onChangeEnd={onVolume}
            />
          </div>
          <div>
            <Text size="xs" c="dimmed" aria-hidden="true">
              {t('manager.direction', { name })}
            </Text>
            <Slider
              thumbLabel={t('manager.direction', { name })}
              min={-100}
              max={100}
              step={5}
              disabled={disabled}
              value={mix.direction}
              label={(v) => (v === 0 ? '0' : v < 0 ? `${t('manager.left')} ${-v}` : `${t('manager.right')} ${v}`)}
              // Centre is straight ahead: a bar filling from the left would read as "more".
              styles={{ bar: { display: 'none' } }}
              onChange={(direction) => onMove({ direction })}
              onChangeEnd={onDirection}
            />
          </div>
        </SimpleGrid>
        <Group gap="lg">
          <Switch
            label={t('manager.mute', { name })}
            disabled={disabled}
            checked={mix.muted}
            onChange={(e) => onMute(e.currentTarget.checked)}
          />
          <Switch
            label={t('manager.solo', { name })}
            disabled={disabled}
            checked={mix.solo}
            onChange={(e) => onSolo(e.currentTarget.checked)}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
