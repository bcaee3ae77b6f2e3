import type { Locale } from '@tutti/contract/common';
import type { Country } from '@tutti/contract/reference';
import { nameOf } from '../api/reference';

/** A city as profiles and the places search give it. */
export interface Place {
  name: string;
  region: string | null;
  country: string;
}

/** "Lyon, Auvergne-Rhône-Alpes, France": the city as the server names it, the region when the data set has one, the
 *  country in the reader's language. */
export function placeText(place: Place, countries: readonly Country[] | undefined, locale: Locale): string {
  return [place.name, place.region, nameOf(countries, place.country, locale)].filter(Boolean).join(', ');
}
