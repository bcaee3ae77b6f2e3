import { describe, expect, it } from 'vitest';
import { localDateTimeToIso, toLocalInputs } from './schedule';

describe('localDateTimeToIso', () => {
  it('reads the inputs in the browser time zone and answers in UTC', () => {
    const iso = localDateTimeToIso('2031-03-04', '19:30');
    expect(iso).toBe(new Date(2031, 2, 4, 19, 30).toISOString());
    expect(toLocalInputs(new Date(iso!))).toEqual({ date: '2031-03-04', time: '19:30' });
  });

  it('refuses missing or impossible values', () => {
    expect(localDateTimeToIso('', '19:30')).toBeNull();
    expect(localDateTimeToIso('2031-02-31', '10:00')).toBeNull();
    expect(localDateTimeToIso('2031-02-03', '')).toBeNull();
  });
});
