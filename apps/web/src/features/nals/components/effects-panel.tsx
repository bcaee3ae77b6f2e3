import type { ReactNode } from 'react';
import { Button, Fieldset, Group, Loader, NativeSelect, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
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
  effectsResetCommand,
  effectsVisible,
  effectSwitchCommand,
  effectValueCommand,
  type EffectSection,
  type EffectSwitch,
  type EffectTarget,
} from '../../../lib/nals/commands';
import { sendCommand, useNals } from '../../../lib/nals/nals-store';
import { displayOf } from '../effect-text';
import { NALS_NS } from '../translations';
import { EffectSlider } from './effect-slider';

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

/** Each section's switch, with its label, and its Reset's accessible name. */
const SECTION = {
  amp: { on: 'amp.enabled', onLabel: 'ampOn', reset: 'resetAmp' },
  delay: { on: 'delay.enabled', onLabel: 'delayOn', reset: 'resetDelay' },
  chorus: { on: 'chorus.enabled', onLabel: 'chorusOn', reset: 'resetChorus' },
} as const satisfies Record<EffectSection, { on: EffectSwitch; onLabel: string; reset: string }>;

function currentValue(effects: Effects, target: EffectTarget): number {
  if (target.section === 'amp') return effects.amp[target.field];
  if (target.section === 'delay') return effects.delay[target.field];
  return effects.chorus?.[target.field] ?? 0;
}

interface EffectsProps {
  effects: Effects;
  version: string | null;
}

function EffectSliders({ effects, version, items }: EffectsProps & { items: [EffectTarget, EffectLabel][] }) {
  const { t } = useTranslation(NALS_NS);
  return items.map(([target, label]) => {
    const bounds = effectBounds(effects, target);
    if (!bounds) return null;
    return (
      <EffectSlider
        key={label}
        label={t(`effects.${label}`)}
        display={displayOf(target)}
        value={currentValue(effects, target)}
        bounds={bounds}
        onCommit={(value) => sendCommand(effectValueCommand(effects, version, target, value))}
      />
    );
  });
}

interface EffectFieldsetProps extends EffectsProps {
  section: EffectSection;
  on: boolean;
  children: ReactNode;
}

/**
 * One effect as a strip of the desk: its on/off switch on top, its controls, and its Reset at the foot of the strip,
 * level with the other strips' (the section's values back to the client's defaults; the switches and the amp model
 * stay). Reset is named after its effect. On its own line it never squeezes the switch's label, even in French.
 */
function EffectFieldset({ effects, version, section, on, children }: EffectFieldsetProps) {
  const { t } = useTranslation(NALS_NS);
  const words = SECTION[section];
  return (
    <Fieldset legend={t(`effects.${section}`)} radius="md" miw={0} style={{ display: 'flex', flexDirection: 'column' }}>
      <Stack gap="sm" style={{ flex: 1 }}>
        <Switch
          label={t(`effects.${words.onLabel}`)}
          checked={on}
          onChange={(e) => sendCommand(effectSwitchCommand(version, words.on, e.currentTarget.checked))}
        />
        {children}
        <Group justify="flex-end" mt="auto">
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={t(`effects.${words.reset}`)}
            onClick={() => sendCommand(effectsResetCommand(effects, version, section))}
          >
            {t('effects.reset')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/**
 * Amp, delay and chorus, from 0.10.0 (chorus 0.10.2): each value a slider between the bounds the client reported,
 * with its unit (effect-text.ts says which and why).
 */
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

  // The chorus, when this client has one and its version shows it.
  const chorus = chorusVisible(version) ? effects?.chorus : null;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('effects.title')}
      </Title>
      {effects ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: chorus ? 3 : 2 }} spacing="lg">
          <EffectFieldset effects={effects} version={version} section="amp" on={effects.amp.enabled}>
            <NativeSelect
              label={t('effects.ampModel')}
              data={effects.amp.amps.map((amp, index) => ({ value: String(index), label: amp }))}
              value={String(effects.amp.stack)}
              onChange={(e) => sendCommand(ampStackCommand(effects, version, Number(e.currentTarget.value)))}
            />
            <EffectSliders effects={effects} version={version} items={AMP} />
            <Switch
              label={t('effects.insane')}
              checked={effects.amp.insane}
              onChange={(e) => sendCommand(effectSwitchCommand(version, 'amp.insane', e.currentTarget.checked))}
            />
          </EffectFieldset>
          <EffectFieldset effects={effects} version={version} section="delay" on={effects.delay.enabled}>
            <EffectSliders effects={effects} version={version} items={DELAY} />
            <Switch
              label={t('effects.chorusOnDelay')}
              checked={effects.delay.chorus}
              onChange={(e) => sendCommand(effectSwitchCommand(version, 'delay.chorus', e.currentTarget.checked))}
            />
          </EffectFieldset>
          {chorus ? (
            <EffectFieldset effects={effects} version={version} section="chorus" on={chorus.enabled}>
              <EffectSliders effects={effects} version={version} items={CHORUS} />
            </EffectFieldset>
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
