import { useEffect, useState } from 'react';
import { Alert, Button, Fieldset, Group, Loader, NativeSelect, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import { useTranslation } from 'react-i18next';
import type { CurrentConfig } from '@tutti/contract/nals';
import { PercentSlider } from '../../../components/ui/percent-slider';
import {
  bufferCommand,
  frameSizeCommand,
  jitterCommand,
  JITTER_MAX,
  JITTER_MIN,
  reverbCommand,
  supports,
} from '../../../lib/nals/commands';
import { sendCommand, useNals } from '../../../lib/nals/nals-store';
import { LevelMeter } from '../../../components/ui/level-meter';
import { currentLanguage } from '../../../lib/i18n';
import { inputLevel, outputLevel } from '../../../lib/nals/level-selectors';
import { bufferLatencyMs, formatLatency } from '../buffer-latency';
import { NALS_NS } from '../translations';
import { ClientNumberInput } from './client-number-input';
import { EffectsPanel } from './effects-panel';
import { RecordingsSection } from './recordings-section';

const CHANNELS = [0, 1, 2] as const;
const QUALITIES = [0, 1, 2] as const;

/** The configuration dialog's body: every control sends its action and shows what the client reports back. */
export function ConfigDialogBody() {
  const { t } = useTranslation(NALS_NS);
  const isConnected = useNals((s) => s.isConnected);
  const config = useNals((s) => s.currentConfig);
  const driverError = useNals((s) => s.hasAudioDriverError);
  const name = useNals((s) => s.name);
  const version = useNals((s) => s.version);
  const hostname = useNals((s) => s.hostname);
  const engine = useNals((s) => s.native?.engine ?? null);

  if (!isConnected) {
    return (
      <Alert color="gray" variant="light" role="status">
        {t('config.notConnected')}
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('config.client', { name, version, hostname })}
        {engine &&
          ` · ${t('config.simulated', { engine: engine === 'simulated' ? t('config.simulatedEngine') : engine })}`}
      </Text>
      <LevelMeters />
      {driverError && (
        <Alert color="red" variant="light" role="alert">
          {t('config.driverError')}
        </Alert>
      )}
      {config ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          <DeviceSettings config={config} version={version} />
          <Stack gap="lg">
            <JitterSettings config={config} />
            <ReverbSettings config={config} />
          </Stack>
        </SimpleGrid>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('config.waiting')}</Text>
        </Group>
      )}
      <EffectsPanel />
      <RecordingsSection />
    </Stack>
  );
}

function LevelMeters() {
  const { t } = useTranslation(NALS_NS);
  return (
    <Fieldset legend={t('meters.title')} radius="md">
      <Stack gap="xs">
        <LevelMeter label={t('meters.input')} select={inputLevel} showLabel />
        <LevelMeter label={t('meters.output')} select={outputLevel} showLabel />
        <Text size="xs" c="dimmed">
          {t('meters.hint')}
        </Text>
      </Stack>
    </Fieldset>
  );
}

function DeviceSettings({ config, version }: { config: CurrentConfig; version: string | null }) {
  const { t } = useTranslation(NALS_NS);
  const cards = useNals((s) => s.soundcardList);
  const sizes = config.supportedAudioBufferSizes;
  const cardOptions = cards.map((card) => ({ value: card.id, label: card.name }));
  if (config.soundCard === null || !cards.some((c) => c.id === config.soundCard)) {
    cardOptions.unshift({ value: '', label: cards.length ? t('config.chooseSoundCard') : t('config.noSoundCard') });
  }
  const frameOptions = sizes.map((size) => ({ value: String(size), label: t('config.frames', { count: size }) }));
  if (config.prefAudioFrameSize === null) frameOptions.unshift({ value: '', label: t('config.frameSizeUnset') });

  return (
    <Fieldset legend={t('config.device')} radius="md">
      <Stack gap="sm">
        <NativeSelect
          label={t('config.soundCard')}
          data={cardOptions}
          value={config.soundCard ?? ''}
          onChange={(e) =>
            e.currentTarget.value && sendCommand({ action: 'set_sound_card', data: { id: e.currentTarget.value } })
          }
        />
        <NativeSelect
          label={t('config.channelMode')}
          data={CHANNELS.map((c) => ({ value: String(c), label: t(`config.channels.${c}`) }))}
          value={String(config.audioChannel)}
          onChange={(e) => {
            const channel = CHANNELS.find((c) => String(c) === e.currentTarget.value);
            if (channel !== undefined) sendCommand({ action: 'set_audio_channel', data: { channel } });
          }}
        />
        <NativeSelect
          label={t('config.quality')}
          data={QUALITIES.map((q) => ({ value: String(q), label: t(`config.qualities.${q}`) }))}
          value={String(config.audioQuality)}
          onChange={(e) => {
            const quality = QUALITIES.find((q) => String(q) === e.currentTarget.value);
            if (quality !== undefined) sendCommand({ action: 'set_audio_quality', data: { quality } });
          }}
        />
        <NativeSelect
          label={t('config.bufferSize')}
          data={sizes.map((size) => ({
            value: String(size),
            label: t('config.framesLatency', {
              count: size,
              ms: formatLatency(bufferLatencyMs(size), currentLanguage()),
            }),
          }))}
          value={String(config.audioBufferSize)}
          onChange={(e) => sendCommand(bufferCommand(config, Number(e.currentTarget.value)))}
        />
        {supports(version, 'prefFrameSize') && (
          <NativeSelect
            label={t('config.frameSize')}
            data={frameOptions}
            value={config.prefAudioFrameSize === null ? '' : String(config.prefAudioFrameSize)}
            onChange={(e) => sendCommand(frameSizeCommand(version, Number(e.currentTarget.value)))}
          />
        )}
        <div>
          <Button variant="light" onClick={() => sendCommand({ action: 'open_driver_config' })}>
            {t('config.openDriver')}
          </Button>
        </div>
      </Stack>
    </Fieldset>
  );
}

function JitterSettings({ config }: { config: CurrentConfig }) {
  const { t } = useTranslation(NALS_NS);
  const { local, server } = config.jitterConfig;
  const hint = t('config.jitterHint', { min: JITTER_MIN, max: JITTER_MAX });
  return (
    <Fieldset legend={t('config.jitter')} radius="md">
      <Stack gap="sm">
        {/* The hint stays outside the switch: inside its label, it would become part of the switch's name. */}
        <Switch
          label={t('config.autoJitter')}
          checked={config.jitterToggle}
          onChange={(e) => sendCommand({ action: 'toggle_auto_jitter', data: { enabled: e.currentTarget.checked } })}
        />
        <Text size="xs" c="dimmed" mt={-6}>
          {t('config.autoJitterHint')}
        </Text>
        <SimpleGrid cols={2} spacing="sm">
          <ClientNumberInput
            label={t('config.localJitter')}
            value={local}
            min={JITTER_MIN}
            max={JITTER_MAX}
            integer
            disabled={config.jitterToggle}
            onCommit={(value) => sendCommand(jitterCommand(value, server))}
          />
          <ClientNumberInput
            label={t('config.serverJitter')}
            value={server}
            min={JITTER_MIN}
            max={JITTER_MAX}
            integer
            disabled={config.jitterToggle}
            onCommit={(value) => sendCommand(jitterCommand(local, value))}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {config.jitterToggle ? t('config.jitterManualOff') : hint}
        </Text>
      </Stack>
    </Fieldset>
  );
}

function ReverbSettings({ config }: { config: CurrentConfig }) {
  const { t } = useTranslation(NALS_NS);
  // While the thumb moves, it shows the user's value; the client's comes back when they let go.
  const [moving, setMoving] = useState<number | null>(null);
  const level = Math.round(config.reverbValue * 100);
  // Only the client's echo of the value shown ends the move: the echo of an earlier key press, arriving between two
  // presses, must not pull the thumb back (the next press would then send a step already sent).
  useEffect(() => setMoving((shown) => (shown === level ? null : shown)), [level]);
  return (
    <Fieldset legend={t('config.reverb')} radius="md">
      <Stack gap="sm">
        <NativeSelect
          label={t('config.reverbSide')}
          data={(['local', 'room'] as const).map((side) => ({ value: side, label: t(`config.reverbSides.${side}`) }))}
          value={config.reverbSide}
          onChange={(e) => {
            const side = e.currentTarget.value === 'room' ? 'room' : 'local';
            sendCommand(reverbCommand(side, config.reverbValue));
          }}
        />
        <PercentSlider
          label={t('config.reverbLevel')}
          value={moving ?? level}
          onChange={setMoving}
          onChangeEnd={(value) => {
            sendCommand(reverbCommand(config.reverbSide, value / 100));
          }}
          mb="xs"
        />
      </Stack>
    </Fieldset>
  );
}
