import { describe, expect, it } from 'vitest';
import { parseRoomTicket, roomTicketPayload } from './room.ts';

const MAC = 'A'.repeat(43);
const claims = {
  room: 'abc123',
  slot: 4,
  account: '6f1c-22',
  issuedAt: 1_700_000_000_000,
  expiresAt: 1_700_021_600_000,
};

describe('room ticket layout', () => {
  it('reads back the claims it encodes', () => {
    const ticket = `${roomTicketPayload(claims)}.${MAC}`;
    expect(ticket).toBe(`t1.abc123.4.6f1c-22.1700000000000.1700021600000.${MAC}`);
    expect(parseRoomTicket(ticket)).toEqual({ claims, payload: roomTicketPayload(claims), mac: MAC });
  });

  it('refuses anything but the one canonical spelling', () => {
    const good = `${roomTicketPayload(claims)}.${MAC}`;
    for (const bad of [
      'abc123',
      '',
      good.replace('t1.', 't2.'),
      good.replace('.4.', '.04.'),
      good.replace('.4.', '.16.'),
      good.replace('.1700000000000.', '.01700000000000.'),
      good.replace('abc123', 'a.b'),
      `${good}A`,
      `${good}.x`,
      good.slice(0, -1),
    ]) {
      expect(parseRoomTicket(bad), bad).toBeNull();
    }
  });
});
