import { Fieldset, Group, Loader, NativeSelect, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { Effects } from '@tutti/contract/nals';
import {
  ampStackCommand,
  chorusVisible,
  effectBounds,
  effectsVisible,
  effectSwitchCommand,
  effectValueCommand,
  type EffectTarget,
} from '../../../lib/nals/commands';
import { sendCommand, useNals } from '../../../lib/nals/nals-store';
import { NALS_NS } from '../translations';
import { ClientNumberInput, formatNumber } from './client-number-input';

type EffectLabel =
  | 'bass'
  | 'middle'
  | 'treble'
  | 'drive'
  | 'gain'
  | 'delayTime'
  | 'feedback'
  | 'delayMix'
  | 'pitch'
  | 'voices'
  | 'rate'
  | 'depth'
  | 'width'
  | 'chorusMix';

const AMP: [EffectTarget, EffectLabel][] = [
  [{ section: 'amp', field: 'bass' }, 'bass'],
  [{ section: 'amp', field: 'middle' }, 'middle'],
  [{ section: 'amp', field: 'treble' }, 'treble'],
  [{ section: 'amp', field: 'drive' }, 'drive'],
  [{ section: 'amp', field: 'gain' }, 'gain'],
];
const DELAY: [EffectTarget, EffectLabel][] = [
  [{ section: 'delay', field: 'timeInSec' }, 'delayTime'],
  [{ section: 'delay', field: 'feedback' }, 'feedback'],
  [{ section: 'delay', field: 'mixer' }, 'delayMix'],
];
const CHORUS: [EffectTarget, EffectLabel][] = [
  [{ section: 'chorus', field: 'pitchInSec' }, 'pitch'],
  [{ section: 'chorus', field: 'voices' }, 'voices'],
  [{ section: 'chorus', field: 'rateInHz' }, 'rate'],
  [{ section: 'chorus', field: 'depth' }, 'depth'],
  [{ section: 'chorus', field: 'width' }, 'width'],
  [{ section: 'chorus', field: 'mixer' }, 'chorusMix'],
];

function currentValue(effects: Effects, target: EffectTarget): number {
  if (target.section === 'amp') return effects.amp[target.field];
  if (target.section === 'delay') return effects.delay[target.field];
  return effects.chorus?.[target.field] ?? 0;
}

interface EffectFieldsProps {
  effects: Effects;
  version: string | null;
  items: [EffectTarget, EffectLabel][];
}

function EffectFields({ effects, version, items }: EffectFieldsProps) {
  const { t } = useTranslation(NALS_NS);
  return items.map(([target, label]) => {
    const bounds = effectBounds(effects, target);
    if (!bounds) return null;
    return (
      <ClientNumberInput
        key={label}
        label={t(`effects.${label}`)}
        description={t('effects.range', { min: formatNumber(bounds.min), max: formatNumber(bounds.max) })}
        value={currentValue(effects, target)}
        min={bounds.min}
        max={bounds.max}
        onCommit={(value) => sendCommand(effectValueCommand(effects, version, target, value))}
      />
    );
  });
}

/** Amp, delay and chorus, from 0.10.0 (chorus 0.10.2); each value clamped to the bounds the client reported. */
export function EffectsPanel() {
  const { t } = useTranslation(NALS_NS);
  const version = useNals((s) => s.version);
  const effects = useNals((s) => s.effects);

  if (!effectsVisible(version)) {
    return (
      <Text size="sm" c="dimmed">
        {t('effects.hidden', { version: version ?? '?' })}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('effects.title')}
      </Title>
      {effects ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: chorusVisible(version) && effects.chorus ? 3 : 2 }} spacing="lg">
          <Fieldset legend={t('effects.amp')} radius="md">
            <Stack gap="sm">
              <Switch
                label={t('effects.ampOn')}
                checked={effects.amp.enabled}
                onChange={(e) => sendCommand(effectSwitchCommand(version, 'amp.enabled', e.currentTarget.checked))}
              />
              <NativeSelect
                label={t('effects.ampModel')}
                data={effects.amp.amps.map((amp, index) => ({ value: String(index), label: amp }))}
                value={String(effects.amp.stack)}
                onChange={(e) => sendCommand(ampStackCommand(effects, version, Number(e.currentTarget.value)))}
              />
              <EffectFields effects={effects} version={version} items={AMP} />
              <Switch
                label={t('effects.insane')}
                checked={effects.amp.insane}
                onChange={(e) => sendCommand(effectSwitchCommand(version, 'amp.insane', e.currentTarget.checked))}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend={t('effects.delay')} radius="md">
            <Stack gap="sm">
              <Switch
                label={t('effects.delayOn')}
                checked={effects.delay.enabled}
                onChange={(e) => sendCommand(effectSwitchCommand(version, 'delay.enabled', e.currentTarget.checked))}
              />
              <EffectFields effects={effects} version={version} items={DELAY} />
              <Switch
                label={t('effects.chorusOnDelay')}
                checked={effects.delay.chorus}
                onChange={(e) => sendCommand(effectSwitchCommand(version, 'delay.chorus', e.currentTarget.checked))}
              />
            </Stack>
          </Fieldset>
          {chorusVisible(version) && effects.chorus ? (
            <Fieldset legend={t('effects.chorus')} radius="md">
              <Stack gap="sm">
                <Switch
                  label={t('effects.chorusOn')}
                  checked={effects.chorus.enabled}
                  onChange={(e) => sendCommand(effectSwitchCommand(version, 'chorus.enabled', e.currentTarget.checked))}
                />
                <EffectFields effects={effects} version={version} items={CHORUS} />
              </Stack>
            </Fieldset>
          ) : (
            !chorusVisible(version) && (
              <Text size="sm" c="dimmed">
                {t('effects.chorusHidden')}
              </Text>
            )
          )}
        </SimpleGrid>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('effects.waiting')}</Text>
        </Group>
      )}
    </Stack>
  );
}
