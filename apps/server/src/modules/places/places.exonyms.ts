/**
 * English and French names of well-known cities whose GeoNames name is neither (docs/decisions/0029). The npm
 * packages carry GeoNames' alternate names without their languages: every spelling is searchable ("Londres" finds
 * London), but which one is French is not said. This table says it, for the cities people name in another language
 * than their own; every other city shows its GeoNames name in both languages. `geonames` is the name this id has in
 * the dataset (a test checks each entry against the real package).
 */
export interface Exonym {
  /** GeoNames id. */
  id: number;
  country: string;
  geonames: string;
  en?: string;
  fr?: string;
}

export const EXONYMS: readonly Exonym[] = [
  { id: 2643743, country: 'GB', geonames: 'London', fr: 'Londres' },
  { id: 2761369, country: 'AT', geonames: 'Vienna', fr: 'Vienne' },
  { id: 756135, country: 'PL', geonames: 'Warsaw', fr: 'Varsovie' },
  { id: 524901, country: 'RU', geonames: 'Moscow', fr: 'Moscou' },
  { id: 1816670, country: 'CN', geonames: 'Beijing', fr: 'Pékin' },
  { id: 2267057, country: 'PT', geonames: 'Lisbon', fr: 'Lisbonne' },
  { id: 2800866, country: 'BE', geonames: 'Brussels', fr: 'Bruxelles' },
  { id: 2803138, country: 'BE', geonames: 'Antwerpen', en: 'Antwerp', fr: 'Anvers' },
  { id: 2797656, country: 'BE', geonames: 'Gent', en: 'Ghent', fr: 'Gand' },
  { id: 2800931, country: 'BE', geonames: 'Brugge', en: 'Bruges', fr: 'Bruges' },
  { id: 2792482, country: 'BE', geonames: 'Leuven', fr: 'Louvain' },
  { id: 2791537, country: 'BE', geonames: 'Mechelen', fr: 'Malines' },
  { id: 2794055, country: 'BE', geonames: 'Kortrijk', fr: 'Courtrai' },
  { id: 2660646, country: 'CH', geonames: 'Genève', en: 'Geneva' },
  { id: 2657896, country: 'CH', geonames: 'Zürich', en: 'Zurich', fr: 'Zurich' },
  { id: 2661604, country: 'CH', geonames: 'Basel', fr: 'Bâle' },
  { id: 2661552, country: 'CH', geonames: 'Bern', fr: 'Berne' },
  { id: 2659811, country: 'CH', geonames: 'Luzern', en: 'Lucerne', fr: 'Lucerne' },
  { id: 2886242, country: 'DE', geonames: 'Köln', en: 'Cologne', fr: 'Cologne' },
  { id: 3247449, country: 'DE', geonames: 'Aachen', fr: 'Aix-la-Chapelle' },
  { id: 2874225, country: 'DE', geonames: 'Mainz', fr: 'Mayence' },
  { id: 2861650, country: 'DE', geonames: 'Nürnberg', en: 'Nuremberg', fr: 'Nuremberg' },
  { id: 2925533, country: 'DE', geonames: 'Frankfurt am Main', fr: 'Francfort' },
  { id: 2911298, country: 'DE', geonames: 'Hamburg', fr: 'Hambourg' },
  { id: 2935022, country: 'DE', geonames: 'Dresden', fr: 'Dresde' },
  { id: 2821164, country: 'DE', geonames: 'Trier', fr: 'Trèves' },
  { id: 2766824, country: 'AT', geonames: 'Salzburg', fr: 'Salzbourg' },
  { id: 3164603, country: 'IT', geonames: 'Venice', fr: 'Venise' },
  { id: 3176219, country: 'IT', geonames: 'Genoa', fr: 'Gênes' },
  { id: 3171728, country: 'IT', geonames: 'Padova', en: 'Padua', fr: 'Padoue' },
  { id: 2510911, country: 'ES', geonames: 'Sevilla', en: 'Seville', fr: 'Séville' },
  { id: 3128760, country: 'ES', geonames: 'Barcelona', fr: 'Barcelone' },
  { id: 3104324, country: 'ES', geonames: 'Zaragoza', fr: 'Saragosse' },
  { id: 2520600, country: 'ES', geonames: 'Cadiz', fr: 'Cadix' },
  { id: 2519240, country: 'ES', geonames: 'Córdoba', en: 'Cordoba', fr: 'Cordoue' },
  { id: 2618425, country: 'DK', geonames: 'Copenhagen', fr: 'Copenhague' },
  { id: 2711537, country: 'SE', geonames: 'Göteborg', en: 'Gothenburg' },
  { id: 264371, country: 'GR', geonames: 'Athens', fr: 'Athènes' },
  { id: 734077, country: 'GR', geonames: 'Thessaloníki', en: 'Thessaloniki', fr: 'Thessalonique' },
  { id: 683506, country: 'RO', geonames: 'Bucharest', fr: 'Bucarest' },
  { id: 498817, country: 'RU', geonames: 'Saint Petersburg', fr: 'Saint-Pétersbourg' },
  { id: 360630, country: 'EG', geonames: 'Cairo', fr: 'Le Caire' },
  { id: 2507480, country: 'DZ', geonames: 'Algiers', fr: 'Alger' },
  { id: 2542997, country: 'MA', geonames: 'Marrakesh', fr: 'Marrakech' },
  { id: 2548885, country: 'MA', geonames: 'Fès', en: 'Fes' },
  { id: 3530597, country: 'MX', geonames: 'Mexico City', fr: 'Mexico' },
  { id: 5128581, country: 'US', geonames: 'New York City', fr: 'New York' },
  { id: 4335045, country: 'US', geonames: 'New Orleans', fr: 'La Nouvelle-Orléans' },
  { id: 4560349, country: 'US', geonames: 'Philadelphia', fr: 'Philadelphie' },
  { id: 6325494, country: 'CA', geonames: 'Québec', en: 'Quebec' },
  { id: 6077243, country: 'CA', geonames: 'Montréal', en: 'Montreal' },
  { id: 1880252, country: 'SG', geonames: 'Singapore', fr: 'Singapour' },
  { id: 1835848, country: 'KR', geonames: 'Seoul', fr: 'Séoul' },
  { id: 112931, country: 'IR', geonames: 'Tehran', fr: 'Téhéran' },
  { id: 281184, country: 'IL', geonames: 'Jerusalem', fr: 'Jérusalem' },
  { id: 276781, country: 'LB', geonames: 'Beirut', fr: 'Beyrouth' },
  { id: 170654, country: 'SY', geonames: 'Damascus', fr: 'Damas' },
  { id: 98182, country: 'IQ', geonames: 'Baghdad', fr: 'Bagdad' },
  { id: 3369157, country: 'ZA', geonames: 'Cape Town', fr: 'Le Cap' },
  { id: 3553478, country: 'CU', geonames: 'Havana', fr: 'La Havane' },
  { id: 2650225, country: 'GB', geonames: 'Edinburgh', fr: 'Édimbourg' },
  { id: 2653877, country: 'GB', geonames: 'Canterbury', fr: 'Cantorbéry' },
  { id: 2747373, country: 'NL', geonames: 'The Hague', fr: 'La Haye' },
  { id: 3094802, country: 'PL', geonames: 'Kraków', en: 'Krakow', fr: 'Cracovie' },
  { id: 104515, country: 'SA', geonames: 'Mecca', fr: 'La Mecque' },
  { id: 146268, country: 'CY', geonames: 'Nicosia', fr: 'Nicosie' },
  { id: 2562305, country: 'MT', geonames: 'Valletta', fr: 'La Valette' },
];

const byId = new Map(EXONYMS.map((e) => [e.id, e]));

/** The English and French names of a city (its GeoNames name where the table has none). */
export function localNames(id: number, name: string): { en: string; fr: string } {
  const e = byId.get(id);
  return { en: e?.en ?? name, fr: e?.fr ?? name };
}
