import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../lib/i18n';
import { useInstruments } from '../../api/reference';
import { INSTRUMENTS_MAX, SKILL_LEVELS } from '../limits';
import { PROFILE_NS } from '../translations';
import { emptyInstrument, type ProfileFormValues } from './form-model';
import { RemoveIcon } from './remove-icon';

/** Rows of (instrument, skill level, brand, model), up to INSTRUMENTS_MAX, each instrument once. */
export function InstrumentsEditor({ form }: { form: UseFormReturnType<ProfileFormValues> }) {
  const { t } = useTranslation(PROFILE_NS);
  const locale = currentLanguage();
  const instruments = useInstruments();
  const rows = form.getValues().instruments;
  const all = (instruments.data ?? [])
    .map((i) => ({ value: i.id, label: i.name[locale] }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  const listError = form.errors['instruments'];

  return (
    <Stack gap="sm">
      {rows.map((row, index) => {
        // Each instrument once: the others' choices are not offered again.
        const taken = new Set(rows.filter((r) => r.key !== row.key).map((r) => r.instrument));
        return (
          <Paper key={row.key} withBorder radius="md" p="sm">
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ flex: 1 }}>
                <Select
                  label={t('form.instrument')}
                  placeholder={t('form.instrumentPlaceholder')}
                  data={all.filter((o) => !taken.has(o.value))}
                  searchable
                  allowDeselect={false}
                  {...form.getInputProps(`instruments.${index}.instrument`)}
                />
                <NativeSelect
                  label={t('form.skill')}
                  data={SKILL_LEVELS.map((s) => ({ value: s, label: t(`skill.${s}`) }))}
                  {...form.getInputProps(`instruments.${index}.skill`)}
                />
                <TextInput
                  label={t('form.brand')}
                  maxLength={60}
                  {...form.getInputProps(`instruments.${index}.brand`)}
                />
                <TextInput
                  label={t('form.model')}
                  maxLength={60}
                  {...form.getInputProps(`instruments.${index}.model`)}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={26}
                size="lg"
                aria-label={t('form.removeInstrument', { index: index + 1 })}
                onClick={() => form.removeListItem('instruments', index)}
              >
                <RemoveIcon />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      {listError && (
        <Text c="red.8" size="sm" role="alert">
          {listError}
        </Text>
      )}
      <Group gap="sm">
        <Button
          variant="light"
          onClick={() => form.insertListItem('instruments', emptyInstrument())}
          disabled={rows.length >= INSTRUMENTS_MAX}
        >
          {t('form.addInstrument')}
        </Button>
        {rows.length >= INSTRUMENTS_MAX && (
          <Text size="sm" c="dimmed">
            {t('form.instrumentsMax', { max: INSTRUMENTS_MAX })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
