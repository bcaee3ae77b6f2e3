import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from './billing-calendar.ts';

const at = (iso: string) => new Date(iso);

describe('billing periods on the calendar', () => {
  it('renews 31 January on the last day of February, then on 31 March (counted from the anchor)', () => {
    const anchor = at('2027-01-31T09:30:00.000Z');
    expect(addMonths(anchor, 1).toISOString()).toBe('2027-02-28T09:30:00.000Z');
    expect(addMonths(anchor, 2).toISOString()).toBe('2027-03-31T09:30:00.000Z');
    expect(addMonths(at('2028-01-31T00:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z'); // leap year
  });

  it('crosses years, and keeps the day when the month has it', () => {
    expect(addMonths(at('2026-11-15T12:00:00.000Z'), 3).toISOString()).toBe('2027-02-15T12:00:00.000Z');
    expect(addMonths(at('2026-08-31T12:00:00.000Z'), 1).toISOString()).toBe('2026-09-30T12:00:00.000Z');
    expect(addMonths(at('2026-12-31T23:59:59.999Z'), 12).toISOString()).toBe('2027-12-31T23:59:59.999Z');
  });

  it('counts days as whole days', () => {
    expect(addDays(at('2026-02-27T10:00:00.000Z'), 14).toISOString()).toBe('2026-03-13T10:00:00.000Z');
  });
});
