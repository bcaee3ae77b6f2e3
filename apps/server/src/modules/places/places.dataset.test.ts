import { describe, expect, it } from 'vitest';
import { geonamesSource, parseLine, searchableAlternates, type CityRecord } from './places.dataset.ts';
import { EXONYMS } from './places.exonyms.ts';

const REGIONS = new Map([['FR.84', 'Auvergne-Rhône-Alpes']]);
/** A GeoNames line: id, name, ascii name, alternate names, lat, lon, class, code, country, cc2, admin1..4, population. */
const line = (fields: { code?: string; population?: number; alternates?: string; admin1?: string } = {}) =>
  [
    '2996944',
    'Lyon',
    'Lyon',
    fields.alternates ?? 'LYS,Lion,Lione,Lyons,Лион,里昂,Lugdunum',
    '45.74846',
    '4.84671',
    'P',
    fields.code ?? 'PPLA',
    'FR',
    '',
    fields.admin1 ?? '84',
    '69',
    '691',
    '69123',
    String(fields.population ?? 522969),
    '',
    '173',
    'Europe/Paris',
    '2023-02-09',
  ].join('\t');

describe('GeoNames lines', () => {
  it('reads a city with its region and its Latin alternate spellings', () => {
    expect(parseLine(line(), REGIONS)).toEqual({
      id: 2996944,
      name: 'Lyon',
      asciiName: 'Lyon',
      nameEn: 'Lyon',
      nameFr: 'Lyon',
      country: 'FR',
      region: 'Auvergne-Rhône-Alpes',
      latitude: 45.74846,
      longitude: 4.84671,
      population: 522969,
      alternates: ['Lion', 'Lione', 'Lyons', 'Lugdunum'],
    });
  });

  it('leaves out small places, historical places and city sections, and small towns’ alternates', () => {
    expect(parseLine(line({ population: 999 }), REGIONS)).toBeNull();
    expect(parseLine(line({ code: 'PPLH' }), REGIONS)).toBeNull();
    expect(parseLine(line({ code: 'PPLX' }), REGIONS)).toBeNull();
    expect(parseLine(line({ population: 5000 }), REGIONS)?.alternates).toEqual([]);
    expect(parseLine(line({ admin1: '99' }), REGIONS)?.region).toBeNull();
    expect(parseLine('not\ta\tline', REGIONS)).toBeNull();
  });

  it('keeps one spelling per normalized name, none that repeats a primary name', () => {
    expect(searchableAlternates(['Genève', 'Geneve'], ['Geneve', 'GENEVA', 'Geneva', 'GVA', 'Ge', 'Ginevra'])).toEqual([
      'GENEVA',
      'Ginevra',
    ]);
  });
});

describe('the real package', () => {
  it('has every city of the exonyms table, under the name and country the table says', async () => {
    const wanted = new Map(EXONYMS.map((e) => [e.id, e]));
    const found = new Map<number, CityRecord>();
    for await (const city of geonamesSource().read()) if (wanted.has(city.id)) found.set(city.id, city);
    for (const e of EXONYMS) {
      expect(found.get(e.id), `${e.id} ${e.geonames}`).toMatchObject({
        name: e.geonames,
        country: e.country,
        nameEn: e.en ?? e.geonames,
        nameFr: e.fr ?? e.geonames,
      });
    }
  }, 60_000);
});
