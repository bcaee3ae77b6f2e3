import { describe, expect, it } from 'vitest';
import { nameOf } from './reference';

describe('nameOf', () => {
  const instruments = [
    { id: 'guitar', name: { en: 'Guitar', fr: 'Guitare' } },
    { id: 'drums', name: { en: 'Drums', fr: 'Batterie' } },
  ];

  it('names an entry in the reader’s language', () => {
    expect(nameOf(instruments, 'drums', 'fr')).toBe('Batterie');
    expect(nameOf(instruments, 'guitar', 'en')).toBe('Guitar');
  });

  it('finds countries by their code', () => {
    expect(nameOf([{ code: 'FR', name: { en: 'France', fr: 'France' } }], 'FR', 'en')).toBe('France');
  });

  it('falls back to the id while the list loads or when it no longer holds the entry', () => {
    expect(nameOf(undefined, 'drums', 'en')).toBe('drums');
    expect(nameOf(instruments, 'theremin', 'en')).toBe('theremin');
  });
});
