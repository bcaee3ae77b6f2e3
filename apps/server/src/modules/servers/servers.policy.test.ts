import { describe, expect, it } from 'vitest';
import {
  longitudeDistance,
  longitudeOfTimeZone,
  rankServers,
  utcOffsetMinutes,
  type RankedServer,
} from './servers.policy.ts';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('utcOffsetMinutes', () => {
  it('reads the offset of an IANA zone at a given moment, daylight saving included', () => {
    expect(utcOffsetMinutes('Europe/Paris', WINTER)).toBe(60);
    expect(utcOffsetMinutes('Europe/Paris', SUMMER)).toBe(120);
    expect(utcOffsetMinutes('America/Los_Angeles', WINTER)).toBe(-480);
    expect(utcOffsetMinutes('America/Los_Angeles', SUMMER)).toBe(-420);
    expect(utcOffsetMinutes('Asia/Kolkata', WINTER)).toBe(330);
    expect(utcOffsetMinutes('UTC', WINTER)).toBe(0);
  });

  it('answers null for what is not a zone', () => {
    for (const zone of ['Mars/Olympus_Mons', '', 'Europe/Paris; drop table', '+02:00x']) {
      expect(utcOffsetMinutes(zone, WINTER), zone).toBeNull();
    }
  });
});

describe('longitudeOfTimeZone', () => {
  it('turns 4 minutes of offset into one degree, west of the date line past +12 h', () => {
    expect(longitudeOfTimeZone('Europe/Paris', WINTER)).toBe(15);
    expect(longitudeOfTimeZone('America/Los_Angeles', WINTER)).toBe(-120);
    expect(longitudeOfTimeZone('Pacific/Kiritimati', WINTER)).toBe(-150);
    expect(longitudeOfTimeZone(null, WINTER)).toBeNull();
    expect(longitudeOfTimeZone('Nowhere/Land', WINTER)).toBeNull();
  });
});

describe('longitudeDistance', () => {
  it('measures the short way round', () => {
    expect(longitudeDistance(10, -10)).toBe(20);
    expect(longitudeDistance(170, -170)).toBe(20);
    expect(longitudeDistance(-120, 2.35)).toBeCloseTo(122.35);
    expect(longitudeDistance(0, 180)).toBe(180);
  });
});

describe('rankServers', () => {
  const server = (
    id: string,
    regionCode: string,
    regionLongitude: number,
    load = 0,
    lastHealthOk: boolean | null = null,
  ) => ({ id, regionCode, regionLongitude, load, lastHealthOk }) satisfies RankedServer;
  const paris = server('p', 'eu-west', 2.35);
  const parisBusy = server('q', 'eu-west', 2.35, 16);
  const la = server('l', 'us-west', -118.2);
  const home = server('h', 'default', 139.7);
  const ids = (list: RankedServer[]) => list.map((s) => s.id);

  it('puts the nearest region first (across the date line too), then the least loaded server', () => {
    expect(ids(rankServers([la, parisBusy, home, paris], 15))).toEqual(['p', 'q', 'h', 'l']);
    // From -120°, Tokyo (139.7°) is 100° away westwards, nearer than Paris.
    expect(ids(rankServers([parisBusy, paris, home, la], -120))).toEqual(['l', 'h', 'p', 'q']);
  });

  it('puts the default region first when the organizer’s place is unknown', () => {
    expect(ids(rankServers([la, parisBusy, paris, home], null))).toEqual(['h', 'l', 'p', 'q']);
  });

  it('ranks by great circle from the organizer’s city when it is known, whatever the time zone says', () => {
    const frankfurt = { ...server('f', 'eu-central', 8.68), regionLatitude: 50.11 };
    const rome = { ...server('r', 'eu-south', 12.5), regionLatitude: 41.9 };
    const montreal = { ...server('m', 'na-east', -73.57), regionLatitude: 45.5 };
    const copenhagen = { latitude: 55.68, longitude: 12.57 };
    // Same longitude as Rome (1,530 km away), yet Frankfurt is nearer (680 km): the city decides, not the zone's 120°.
    expect(ids(rankServers([rome, montreal, frankfurt], 120, copenhagen))).toEqual(['f', 'r', 'm']);
    expect(ids(rankServers([rome, montreal, frankfurt], 12.57, null))).toEqual(['r', 'f', 'm']);
  });

  it('tries a server that failed its latest call after every other', () => {
    const failing = server('f', 'eu-west', 2.35, 0, false);
    expect(ids(rankServers([failing, la, paris], 15))).toEqual(['p', 'l', 'f']);
  });
});
