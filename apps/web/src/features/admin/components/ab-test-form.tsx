import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import type { AbTestStatus } from '@tutti/contract/experiments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorText } from '../../../lib/error-text';
import { useCreateAbTest } from '../api/ab-tests';
import { ADMIN_NS } from '../translations';

interface VariantDraft {
  key: string;
  weight: number | string;
}
const MAX_VARIANTS = 10;
const blank = (): VariantDraft[] => [
  { key: 'control', weight: 1 },
  { key: 'treatment', weight: 1 },
];

/** Creates an A/B test: its key, two to ten variants with relative weights, running or stopped. The server checks
 *  everything again and names the field at fault. */
export function AbTestForm() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const create = useCreateAbTest();
  const [key, setKey] = useState('');
  const [status, setStatus] = useState<AbTestStatus>('running');
  const [variants, setVariants] = useState<VariantDraft[]>(blank);
  const change = (i: number, part: Partial<VariantDraft>) =>
    setVariants((all) => all.map((v, j) => (j === i ? { ...v, ...part } : v)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { key: key.trim(), status, variants: variants.map((v) => ({ key: v.key.trim(), weight: Number(v.weight) })) },
      {
        onSuccess: () => {
          setKey('');
          setVariants(blank());
          setStatus('running');
        },
      },
    );
  };

  return (
    <Paper component="form" onSubmit={submit} withBorder radius="lg" p="lg" aria-labelledby="ab-new">
      <Stack gap="md">
        <Title order={2} size="h4" id="ab-new">
          {t('abTests.new')}
        </Title>
        <TextInput
          label={t('abTests.key')}
          description={t('abTests.keyHelp')}
          value={key}
          onChange={(e) => setKey(e.currentTarget.value)}
          required
          maxLength={60}
        />
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' }}>{t('abTests.variants')}</legend>
          {variants.map((variant, i) => (
            <Group key={i} gap="sm" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('abTests.variantKey', { n: i + 1 })}
                value={variant.key}
                onChange={(e) => change(i, { key: e.currentTarget.value })}
                required
                maxLength={60}
                style={{ flex: 1 }}
              />
              <NumberInput
                label={t('abTests.weight', { n: i + 1 })}
                value={variant.weight}
                onChange={(weight) => change(i, { weight })}
                min={1}
                max={10_000}
                allowDecimal={false}
                required
                w={110}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                aria-label={t('abTests.removeVariant', { n: i + 1 })}
                disabled={variants.length <= 2}
                onClick={() => setVariants((all) => all.filter((_, j) => j !== i))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <div>
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={variants.length >= MAX_VARIANTS}
              onClick={() => setVariants((all) => [...all, { key: '', weight: 1 }])}
            >
              {t('abTests.addVariant')}
            </Button>
          </div>
        </Stack>
        <SegmentedControl
          aria-label={t('abTests.status')}
          value={status}
          onChange={(value) => setStatus(value as AbTestStatus)}
          data={[
            { value: 'running', label: t('abTests.statuses.running') },
            { value: 'stopped', label: t('abTests.statuses.stopped') },
          ]}
        />
        {create.isError && <FormAlert kind="error">{errorText(tc, create.error)}</FormAlert>}
        <div>
          <Button type="submit" loading={create.isPending}>
            {t('abTests.create')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
