import { describe, expect, it } from 'vitest';
import { matchLanguage } from './language';

describe('matchLanguage', () => {
  it('takes an exact match', () => {
    expect(matchLanguage(['fr'])).toBe('fr');
    expect(matchLanguage(['en'])).toBe('en');
  });

  it('falls back to the base language', () => {
    expect(matchLanguage(['fr-CA'])).toBe('fr');
    expect(matchLanguage(['en-GB'])).toBe('en');
    expect(matchLanguage(['FR-be'])).toBe('fr');
  });

  it('answers English for a language Tutti lacks', () => {
    expect(matchLanguage(['de-DE'])).toBe('en');
    expect(matchLanguage(['de-DE', 'de'])).toBe('en');
    expect(matchLanguage([])).toBe('en');
  });

  it('follows the order of preference', () => {
    expect(matchLanguage(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(matchLanguage(['fr-CA', 'en-US'])).toBe('fr');
    expect(matchLanguage(['en-US', 'fr'])).toBe('en');
  });
});
