import type { ProfileCity } from '@tutti/contract/community';
import type { Locale } from '@tutti/contract/common';
import type { Country } from '@tutti/contract/reference';
import { nameOf } from '../api/reference';

/** "Lyon, Auvergne-Rhône-Alpes, France": the city as the server names it, the country in the reader's language. */
export function placeText(city: ProfileCity, countries: readonly Country[] | undefined, locale: Locale): string {
  return [city.name, city.region, nameOf(countries, city.country, locale)].filter(Boolean).join(', ');
}
