import { NativeSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../lib/i18n';
import { optionsByName, useInstruments, useSkillOptions } from '../../api/reference';
import { INSTRUMENTS_MAX } from '../limits';
import { PROFILE_NS } from '../translations';
import { emptyInstrument, type ProfileFormValues } from './form-model';
import { EditableRows } from './list-rows';

/** Rows of (instrument, skill level, brand, model), up to INSTRUMENTS_MAX, each instrument once. */
export function InstrumentsEditor({ form }: { form: UseFormReturnType<ProfileFormValues> }) {
  const { t } = useTranslation(PROFILE_NS);
  const locale = currentLanguage();
  const skillOptions = useSkillOptions();
  const instruments = useInstruments();
  const rows = form.getValues().instruments;
  const all = optionsByName(instruments.data, locale);
  const listError = form.errors['instruments'];

  return (
    <EditableRows
      rows={rows}
      keyOf={(row) => row.key}
      renderFields={(row, index) => {
        // Each instrument once: the others' choices are not offered again.
        const taken = new Set(rows.filter((r) => r.key !== row.key).map((r) => r.instrument));
        return (
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
              data={skillOptions}
              {...form.getInputProps(`instruments.${index}.skill`)}
            />
            <TextInput label={t('form.brand')} maxLength={60} {...form.getInputProps(`instruments.${index}.brand`)} />
            <TextInput label={t('form.model')} maxLength={60} {...form.getInputProps(`instruments.${index}.model`)} />
          </SimpleGrid>
        );
      }}
      removeLabel={(index) => t('form.removeInstrument', { index: index + 1 })}
      onRemove={(index) => form.removeListItem('instruments', index)}
      listError={listError}
      addLabel={t('form.addInstrument')}
      onAdd={() => form.insertListItem('instruments', emptyInstrument())}
      max={INSTRUMENTS_MAX}
      maxText={t('form.instrumentsMax', { max: INSTRUMENTS_MAX })}
    />
  );
}
