import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatPrice, formatRelative } from './format';

describe('formatting per locale', () => {
  it('writes dates the way each language does', () => {
    expect(formatDate('2025-11-21T10:00:00Z', 'en')).toBe('21 November 2025');
    expect(formatDate('2025-11-21T10:00:00Z', 'fr')).toBe('21 novembre 2025');
  });

  it('keeps a birthdate on its calendar day whatever the time zone', () => {
    expect(formatCalendarDate('1990-01-01', 'en')).toBe('1 January 1990');
    expect(formatCalendarDate('1990-01-01', 'fr')).toBe('1 janvier 1990');
  });

  it('says how long ago a device was used', () => {
    const now = Date.parse('2025-11-21T12:00:00Z');
    expect(formatRelative('2025-11-21T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatRelative('2025-11-18T12:00:00Z', 'fr', now)).toBe('il y a 3 jours');
  });

  it('writes prices in euros from integer cents, with French spacing', () => {
    expect(formatPrice(999, 'en')).toBe('€9.99');
    expect(formatPrice(999, 'fr')).toBe('9,99\u00a0€');
    expect(formatPrice(1000, 'en')).toBe('€10.00');
  });

  it('builds a formatter once per locale and options, and keeps them apart', () => {
    const Original = Intl.DateTimeFormat;
    let built = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        built += 1;
      }
    }
    Object.defineProperty(Intl, 'DateTimeFormat', { value: Counting, configurable: true, writable: true });
    try {
      expect(formatDateTime('2025-11-21T10:00:00Z', 'en')).toBe(formatDateTime('2025-11-21T10:00:00Z', 'en'));
      expect(formatDateTime('2025-11-21T10:00:00Z', 'fr')).not.toBe(formatDateTime('2025-11-21T10:00:00Z', 'en'));
      expect(formatDate('2025-11-21T10:00:00Z', 'fr')).toBe('21 novembre 2025');
      expect(formatDate('2025-11-21T10:00:00Z', 'fr')).toBe('21 novembre 2025');
      // At most one per (locale, options): en and fr medium date-time, fr long date; none if an earlier test built them.
      expect(built).toBeLessThanOrEqual(3);
    } finally {
      Object.defineProperty(Intl, 'DateTimeFormat', { value: Original, configurable: true, writable: true });
    }
  });
});
