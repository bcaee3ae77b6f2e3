import { describe, expect, it } from 'vitest';
import {
  ACCESS_ALLOWANCE_MS_PER_END,
  CitySearchQuerySchema,
  estimateOneWayDelayMs,
  greatCircleKm,
  withinRealtimeLimit,
} from './places.ts';

// GeoNames coordinates of the cities (ids 2988507, 2996944, 6077243, 2643743).
const PARIS = { latitude: 48.85341, longitude: 2.3488 };
const LYON = { latitude: 45.74846, longitude: 4.84671 };
const MONTREAL = { latitude: 45.50884, longitude: -73.58781 };
const LONDON = { latitude: 51.50853, longitude: -0.12574 };

describe('great-circle distance', () => {
  it('matches the known distances between real cities', () => {
    expect(greatCircleKm(PARIS, LYON)).toBeCloseTo(392, -1); // 392 km, ±5
    expect(greatCircleKm(PARIS, MONTREAL)).toBeGreaterThan(5_490);
    expect(greatCircleKm(PARIS, MONTREAL)).toBeLessThan(5_530); // about 5,510 km
    expect(greatCircleKm(PARIS, LONDON)).toBeCloseTo(344, -1);
  });

  it('is symmetric and zero for one place', () => {
    expect(greatCircleKm(PARIS, MONTREAL)).toBeCloseTo(greatCircleKm(MONTREAL, PARIS), 9);
    expect(greatCircleKm(LYON, LYON)).toBe(0);
  });

  it('goes the short way across the date line and stays finite at antipodes', () => {
    const fiji = { latitude: -18, longitude: 179.9 };
    const samoa = { latitude: -18, longitude: -179.9 };
    expect(greatCircleKm(fiji, samoa)).toBeLessThan(25);
    expect(greatCircleKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(20_015, -1);
  });
});

describe('one-way delay estimate', () => {
  it('Paris–Lyon: 392 km / 204 km/ms × 1.5 + 2 ms of access ≈ 4.9 ms, well within real time', () => {
    const ms = estimateOneWayDelayMs(PARIS, LYON);
    expect(ms).toBeGreaterThan(4.8);
    expect(ms).toBeLessThan(5.0);
    expect(withinRealtimeLimit(ms)).toBe(true);
  });

  it('Paris–Montréal: 5,510 km / 204 km/ms × 1.5 + 2 ms ≈ 42.5 ms, beyond the 25 ms limit', () => {
    const ms = estimateOneWayDelayMs(PARIS, MONTREAL);
    expect(ms).toBeGreaterThan(42.3);
    expect(ms).toBeLessThan(42.7);
    expect(withinRealtimeLimit(ms)).toBe(false);
    expect(withinRealtimeLimit(ms, 50)).toBe(true);
  });

  it('within one city is the access allowance of both ends only', () => {
    expect(estimateOneWayDelayMs(LYON, LYON)).toBe(2 * ACCESS_ALLOWANCE_MS_PER_END);
  });

  it('follows the model it is given', () => {
    const direct = { kmPerMs: 204, routeFactor: 1, accessAllowanceMsPerEnd: 0 };
    expect(estimateOneWayDelayMs(PARIS, LYON, direct)).toBeCloseTo(greatCircleKm(PARIS, LYON) / 204, 9);
  });
});

describe('city search query', () => {
  it('trims, upper-cases the country and bounds the limit', () => {
    expect(CitySearchQuerySchema.parse({ q: '  lyo ', country: 'fr' })).toEqual({ q: 'lyo', country: 'FR', limit: 10 });
    expect(CitySearchQuerySchema.safeParse({ q: 'ly', limit: '21' }).success).toBe(false);
    expect(CitySearchQuerySchema.safeParse({ q: ' l ' }).success).toBe(false);
    expect(CitySearchQuerySchema.safeParse({ q: 'lyon', country: 'FRA' }).success).toBe(false);
  });
});
