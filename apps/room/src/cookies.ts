import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RoomTicketClaims } from '@tutti/contract/room';
import type { Endpoint } from './rooms/room.ts';

/** How long a challenge's cookie stays good: a few join retries of a client on a slow link. */
export const COOKIE_TTL_MS = 30_000;

/**
 * Return-routability cookies, kept by nobody: the server sends one to the address a valid join came from, and
 * admits that address once a join carries it back, which only a client receiving there can do. A spoofed source
 * address gets the cookie sent to the real owner of the address, never to the spoofer. The key is new at each start.
 */
export class Cookies {
  private readonly key = randomBytes(32);

  constructor(private readonly now: () => number) {}

  issue(from: Endpoint, claims: RoomTicketClaims): string {
    const second = Math.floor(this.now() / 1000);
    return `${second.toString(36)}.${this.mac(from, claims, second)}`;
  }

  check(cookie: string, from: Endpoint, claims: RoomTicketClaims): boolean {
    const [stamp = '', mac = '', ...rest] = cookie.split('.');
    if (rest.length > 0 || !/^[0-9a-z]{1,10}$/.test(stamp)) return false;
    const second = parseInt(stamp, 36);
    const age = this.now() - second * 1000;
    if (age < -1000 || age > COOKIE_TTL_MS) return false;
    const given = Buffer.from(mac);
    const wanted = Buffer.from(this.mac(from, claims, second));
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }

  private mac(from: Endpoint, claims: RoomTicketClaims, second: number): string {
    const fields = [from.address, from.port, claims.room, claims.slot, claims.account, claims.issuedAt, second];
    return createHmac('sha256', this.key).update(fields.join('|')).digest().subarray(0, 16).toString('base64url');
  }
}
