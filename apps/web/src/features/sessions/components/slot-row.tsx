import { Avatar, Badge, Button, Group, Paper, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import type { SessionPlayer } from '@tutti/contract/sessions';
import { ControlLabel } from '../../../components/ui/control-label';
import { LevelMeter } from '../../../components/ui/level-meter';
import { currentLanguage } from '../../../lib/i18n';
import { inputLevel, slotLevel } from '../../../lib/nals/level-selectors';
import { levelText, ofName, panText } from '../mix-text';
import { SESSIONS_NS } from '../translations';

export interface SlotMix {
  /** 0 to 100 on screen; the audio client takes 0 to 1. */
  volume: number;
  muted: boolean;
  solo: boolean;
  /** -100 (left) to 100 (right); the audio client takes -1 to 1 (set_direction). */
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

/** A mixing desk's M or S: a toggle that says its state (aria-pressed), named after the musician. */
function StripToggle(props: {
  short: string;
  label: string;
  pressed: boolean;
  color: string;
  disabled: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { short, label, pressed, color, disabled, onToggle } = props;
  return (
    <Button
      size="compact-sm"
      w={36}
      px={0}
      variant={pressed ? 'filled' : 'default'}
      color={color}
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => onToggle(!pressed)}
    >
      {short}
    </Button>
  );
}

/** One player slot of the rehearsal manager: the fader, pan, mute and solo of that slot in my mix, with their values. */
export function SlotRow(props: SlotRowProps) {
  const { player, isMe, disabled = false, mix, onMove, onVolume, onMute, onSolo, onDirection } = props;
  const { t } = useTranslation(SESSIONS_NS);
  const name = player.musician.displayedUsername;
  const names = { name, ofName: ofName(currentLanguage(), name) };
  const volumeLabel = t('manager.volume', names);
  const panLabel = t('manager.pan', names);
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
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <StripToggle
              short={t('manager.muteShort')}
              label={t('manager.mute', names)}
              pressed={mix.muted}
              color="red.8"
              disabled={disabled}
              onToggle={onMute}
            />
            <StripToggle
              short={t('manager.soloShort')}
              label={t('manager.solo', names)}
              pressed={mix.solo}
              color="yellow.8"
              disabled={disabled}
              onToggle={onSolo}
            />
            <Badge variant="outline" color="gray.8" tt="none">
              {t('details.slot', { slot: player.slot + 1 })}
            </Badge>
          </Group>
        </Group>
        {/* My own row shows what my audio client sends; the others', how I hear them (after my mix). */}
        <LevelMeter label={t('manager.levelOf', names)} select={isMe ? inputLevel : slotLevel(player.slot)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs">
          <div>
            <ControlLabel label={volumeLabel} value={levelText(t, mix.volume)} />
            <Slider
              thumbLabel={volumeLabel}
              thumbValueText={(v) => levelText(t, v)}
              min={0}
              max={100}
              step={1}
              disabled={disabled}
              value={mix.volume}
              label={(v) => levelText(t, v)}
              onChange={(volume) => onMove({ volume })}
              onChangeEnd={onVolume}
            />
          </div>
          <div>
            <ControlLabel label={panLabel} value={panText(t, mix.direction)} />
            <Group gap={6} wrap="nowrap" align="center">
              <Text size="xs" fw={600} c="dimmed" aria-hidden="true">
                {t('manager.left')}
              </Text>
              <Slider
                style={{ flex: 1 }}
                thumbLabel={panLabel}
                thumbValueText={(v) => panText(t, v)}
                min={-100}
                max={100}
                step={5}
                disabled={disabled}
                value={mix.direction}
                label={(v) => panText(t, v)}
                marks={[{ value: 0 }]}
                // Centre is straight ahead: a bar filling from the left would read as "more".
                styles={{ bar: { display: 'none' } }}
                onChange={(direction) => onMove({ direction })}
                onChangeEnd={onDirection}
              />
              <Text size="xs" fw={600} c="dimmed" aria-hidden="true">
                {t('manager.right')}
              </Text>
            </Group>
          </div>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
