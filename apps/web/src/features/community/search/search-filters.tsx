import { Button, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import {
  optionsByName,
  useCountries,
  useInstruments,
  useMusicStyles,
  useSkillName,
  useSkillOptions,
} from '../api/reference';
import { COMMUNITY_NS } from '../translations';
import type { SearchFilters as Filters } from './search-params';

interface SearchFiltersProps {
  value: Filters;
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
  canClear: boolean;
}

/** Instrument, level, style and country filters, each a native select (comfortable on phones). */
export function SearchFilters({ value, onChange, onClear, canClear }: SearchFiltersProps) {
  const { t } = useTranslation(COMMUNITY_NS);
  const locale = currentLanguage();
  const instruments = useInstruments();
  const styles = useMusicStyles();
  const countries = useCountries();

  // The same names as the editor's and the profiles' (issue 29), "all" first.
  const skillName = useSkillName();
  const skillOptions = [{ value: 'all', label: skillName('all') }, ...useSkillOptions()];
  const instrumentOptions = optionsByName(instruments.data, locale);
  const styleOptions = optionsByName(styles.data, locale);
  const countryOptions = optionsByName(countries.data, locale);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <NativeSelect
          label={t('search.instrument')}
          value={value.instrument}
          onChange={(e) => onChange({ instrument: e.currentTarget.value })}
          data={[{ value: '', label: t('search.anyInstrument') }, ...instrumentOptions]}
        />
        <NativeSelect
          label={t('search.skill')}
          value={value.skill}
          onChange={(e) => onChange({ skill: e.currentTarget.value as Filters['skill'] })}
          data={skillOptions}
        />
        <NativeSelect
          label={t('search.style')}
          value={value.style}
          onChange={(e) => onChange({ style: e.currentTarget.value })}
          data={[{ value: '', label: t('search.anyStyle') }, ...styleOptions]}
        />
        <NativeSelect
          label={t('search.country')}
          value={value.country}
          onChange={(e) => onChange({ country: e.currentTarget.value })}
          data={[{ value: '', label: t('search.anyCountry') }, ...countryOptions]}
        />
      </SimpleGrid>
      {canClear && (
        <Button variant="subtle" size="xs" onClick={onClear} style={{ alignSelf: 'flex-start' }}>
          {t('search.clearFilters')}
        </Button>
      )}
    </Stack>
  );
}
