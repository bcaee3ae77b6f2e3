import { greatCircleKm, type Coordinates } from '@tutti/contract/places';
import { PROVIDERS } from '@tutti/contract/servers';

/** The region `npm start` registers its own room server in; also the first choice when the organizer's place is
 *  unknown. */
export const DEFAULT_REGION = { code: 'default', name: 'Default region', latitude: 48.85, longitude: 2.35 } as const;
export const LOCAL_SERVER_NAME = 'local';

export const PROVIDER_NAMES: Record<(typeof PROVIDERS)[number], string> = {
  'self-hosted': 'Self-hosted',
  ovh: 'OVHcloud',
  scaleway: 'Scaleway',
  hetzner: 'Hetzner',
  aws: 'Amazon Web Services',
};

/** Room servers are called over HTTP(S) only: anything else in a URL is an administrator's typo. */
export const isControlUrl = (url: string): boolean => /^https?:\/\/[^/]/i.test(url);
export const normalizeControlUrl = (url: string): string => url.replace(/\/+$/, '');

/** Only valid zone names are kept (a few hundred at most), so the cache stays small whatever clients send. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      return null; // not an IANA zone this runtime knows
    }
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at that moment (daylight saving included), in minutes; null for an unknown zone. */
export function utcOffsetMinutes(timeZone: string, at: Date): number | null {
  const name = offsetFormat(timeZone)
    ?.formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  if (name === undefined) return null;
  if (name === 'GMT') return 0;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** Where the organizer roughly is, east-west: the sun moves 15° an hour, so 4 minutes of offset per degree. Time
 *  zones follow borders more than meridians, which is precise enough to pick the nearer of distant regions. */
export function longitudeOfTimeZone(timeZone: string | null, at: Date): number | null {
  if (!timeZone) return null;
  const offset = utcOffsetMinutes(timeZone, at);
  if (offset === null) return null;
  const degrees = offset / 4;
  // +13 or +14 hours (Pacific islands) lie west of the date line.
  return degrees > 180 ? degrees - 360 : degrees;
}

/** Degrees between two longitudes, the short way round (0 to 180). */
export function longitudeDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

export interface RankedServer {
  id: string;
  regionCode: string;
  regionLongitude: number;
  /** Needed to rank by an organizer's city (great circle); without it, only the longitude counts. */
  regionLatitude?: number;
  /** Player slots already reserved on it. */
  load: number;
  /** False when it failed its latest call: still tried, but after every other. */
  lastHealthOk: boolean | null;
}

/** The order in which to ask servers for a room: healthy before those that failed their latest call, then nearest
 *  region to the organizer, then least loaded. Nearest: by great circle from the organizer's city when it is known
 *  (docs/decisions/0029), else by longitude from their time zone's guess, else the default region first. */
export function rankServers<T extends RankedServer>(
  servers: readonly T[],
  organizerLongitude: number | null,
  organizerCity: Coordinates | null = null,
): T[] {
  const distance = (s: T) => {
    if (organizerCity && s.regionLatitude !== undefined) {
      return greatCircleKm(organizerCity, { latitude: s.regionLatitude, longitude: s.regionLongitude });
    }
    if (organizerLongitude === null) return s.regionCode === DEFAULT_REGION.code ? 0 : 1;
    return longitudeDistance(organizerLongitude, s.regionLongitude);
  };
  return [...servers].sort(
    (a, b) =>
      Number(a.lastHealthOk === false) - Number(b.lastHealthOk === false) ||
      distance(a) - distance(b) ||
      a.load - b.load ||
      a.id.localeCompare(b.id),
  );
}
