import type { Locale } from '@tutti/contract/common';
import type { Country } from '@tutti/contract/reference';
import { nameOf } from '../../api/reference';

interface Place {
  name: string;
  region: string | null;
  country: string;
}

/** "City, Region, Country" in the reader's language (the region left out when the data set has none). */
export function placeLabel(place: Place, countries: readonly Country[] | undefined, locale: Locale): string {
  return [place.name, place.region, nameOf(countries, place.country, locale)].filter(Boolean).join(', ');
}
