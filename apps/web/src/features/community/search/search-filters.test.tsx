import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderSearchFilters } from './test-render';

/** Some of GET v1/instruments as the server seeds it (apps/server/drizzle/0012_community.sql), "Other" last by rank. */
const INSTRUMENTS = [
  { id: 'vocals', name: { en: 'Vocals', fr: 'Chant' } },
  { id: 'drums', name: { en: 'Drums', fr: 'Batterie' } },
  { id: 'piano', name: { en: 'Piano', fr: 'Piano' } },
  { id: 'accordion', name: { en: 'Accordion', fr: 'Accordéon' } },
  { id: 'other', name: { en: 'Other', fr: 'Autre' } },
];

const instrumentNames = async () => {
  const select = screen.getByRole('combobox', { name: /Instrument/ });
  await within(select).findByRole('option', { name: /Piano/ });
  return within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);
};

describe('SearchFilters instruments', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => Promise.resolve(url === '/api/v1/instruments' ? json(200, INSTRUMENTS) : json(200, []))),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists them by name with "Other" last, not in the middle (issue 29)', async () => {
    renderSearchFilters('en');
    expect(await instrumentNames()).toEqual(['Any instrument', 'Accordion', 'Drums', 'Piano', 'Vocals', 'Other']);
  });

  it('puts "Autre" last in French too', async () => {
    renderSearchFilters('fr');
    expect(await instrumentNames()).toEqual([
      'Tous les instruments',
      'Accordéon',
      'Batterie',
      'Chant',
      'Piano',
      'Autre',
    ]);
  });
});
