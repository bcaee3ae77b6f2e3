import { useState } from 'react';
import { CloseButton, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { ProfileCity } from '@tutti/contract/community';
import type { City } from '@tutti/contract/places';
import { currentLanguage } from '../../../../lib/i18n';
import { useCountries } from '../../api/reference';
import { useCitySearch } from '../api/search-cities';
import { CITY_QUERY_MIN_LENGTH, CITY_SEARCH_DEBOUNCE_MS } from '../limits';
import { PROFILE_NS } from '../translations';
import { placeText } from '../../components/place-text';

interface CityFieldProps {
  value: ProfileCity | null;
  onChange: (city: ProfileCity | null) => void;
  error?: string;
}

/**
 * A real place or none (issue 11, point 1): the musician types, picks one of the cities the server knows (in their
 * language), and only its id is kept. Text left unpicked goes back to the chosen city when the field is left.
 */
export function CityField({ value, onChange, error }: CityFieldProps) {
  const { t } = useTranslation(PROFILE_NS);
  const locale = currentLanguage();
  const countries = useCountries();
  const label = (c: ProfileCity | City) => placeText(c, countries.data, locale);
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value ? label(value) : '');
  const [debounced] = useDebouncedValue(text?.trim() ?? '', CITY_SEARCH_DEBOUNCE_MS);
  const search = useCitySearch(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const cities = search.data ?? [];
  const searching = text !== null && text.trim().length >= CITY_QUERY_MIN_LENGTH;

  const pick = (id: string) => {
    const city = cities.find((c) => String(c.id) === id);
    if (!city) return;
    onChange({ id: city.id, name: city.name, region: city.region, country: city.country });
    setText(null);
    combobox.closeDropdown();
  };

  const clear = () => {
    onChange(null);
    setText(null);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick}>
      <Combobox.Target>
        <TextInput
          label={t('form.city')}
          description={t('form.cityHint')}
          placeholder={t('form.cityPlaceholder')}
          value={shown}
          error={error}
          autoComplete="off"
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => {
            if (searching) combobox.openDropdown();
          }}
          onBlur={() => {
            combobox.closeDropdown();
            setText(null);
          }}
          rightSection={
            search.isFetching && searching ? (
              <Loader size={16} aria-label={t('form.citySearching')} />
            ) : value || text ? (
              <CloseButton aria-label={t('form.cityClear')} onMouseDown={(e) => e.preventDefault()} onClick={clear} />
            ) : null
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options>
          {search.isError ? (
            <Combobox.Empty>{t('form.cityError')}</Combobox.Empty>
          ) : cities.length > 0 ? (
            cities.map((c) => (
              <Combobox.Option value={String(c.id)} key={c.id}>
                <Text size="sm">{label(c)}</Text>
              </Combobox.Option>
            ))
          ) : search.isFetching || debounced !== text?.trim() ? (
            <Combobox.Empty>{t('form.citySearching')}</Combobox.Empty>
          ) : (
            <Combobox.Empty>{t('form.cityNone', { q: text?.trim() })}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
