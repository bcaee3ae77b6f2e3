import { describe, expect, it } from 'vitest';
import type { SessionRow } from '../../platform/schema.ts';
import { monthStartUtc, remainingOf } from './minutes.ts';
import {
  canSeeSession,
  closesAt,
  lowestFreeSlot,
  restartableUntil,
  sessionStatus,
  showsInvitations,
} from './sessions.policy.ts';

const row = (over: Partial<SessionRow> = {}): SessionRow => ({
  id: 's',
  kind: 'open',
  name: 'n',
  description: null,
  public: true,
  coverPicture: null,
  passwordHash: null,
  organizerId: 'org',
  startsAt: new Date('2026-03-01T10:00:00Z'),
  timeZone: null,
  maxPlayers: 8,
  runningSince: null,
  endedAt: null,
  cancelledAt: null,
  emptySince: null,
  calendarSequence: 0,
  remindedAt: null,
  createdAt: new Date('2026-03-01T09:00:00Z'),
  ...over,
});
const none = { invited: false, played: false };
const viewer = (privileges: string[] = ['CORE_GUEST']) => ({ accountId: 'me', privileges });

describe('session policy', () => {
  it('reads a cancelled session as cancelled, before its end', () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const end = new Date('2026-03-01T09:30:00Z');
    expect(sessionStatus(row({ endedAt: end, cancelledAt: end }), at)).toBe('cancelled');
    expect(sessionStatus(row({ endedAt: end }), at)).toBe('ended');
  });

  it('lets an ended open session restart for a grace period after its end, never a cancelled one', () => {
    const end = new Date('2026-03-01T11:00:00Z');
    expect(restartableUntil(row({ endedAt: end }), 600_000)).toEqual(new Date('2026-03-01T11:10:00Z'));
    expect(restartableUntil(row({ endedAt: end, cancelledAt: end }), 600_000)).toBeNull();
    expect(restartableUntil(row(), 600_000)).toBeNull();
    expect(restartableUntil(row({ kind: 'test', endedAt: end }), 600_000)).toBeNull();
  });

  it('closes an empty live session a grace period after its last player left', () => {
    const empty = new Date('2026-03-01T11:00:00Z');
    expect(closesAt(row({ emptySince: empty }), 600_000)).toEqual(new Date('2026-03-01T11:10:00Z'));
    expect(closesAt(row(), 600_000)).toBeNull();
    expect(closesAt(row({ emptySince: empty, endedAt: empty }), 600_000)).toBeNull();
  });

  it('derives the status from the end and start times', () => {
    const at = new Date('2026-03-01T10:00:00Z');
    expect(sessionStatus(row(), at)).toBe('live');
    expect(sessionStatus(row({ startsAt: new Date('2026-03-01T10:00:01Z') }), at)).toBe('scheduled');
    expect(sessionStatus(row({ endedAt: at, startsAt: new Date('2027-01-01T00:00:00Z') }), at)).toBe('ended');
  });

  it('shows public sessions to everyone, private ones to the organizer, invited and players', () => {
    expect(canSeeSession(row(), viewer(), none)).toBe(true);
    const priv = row({ public: false });
    expect(canSeeSession(priv, viewer(), none)).toBe(false);
    expect(canSeeSession(priv, viewer(), { invited: true, played: false })).toBe(true);
    expect(canSeeSession(priv, viewer(), { invited: false, played: true })).toBe(true);
    expect(canSeeSession(priv, { accountId: 'org', privileges: [] }, none)).toBe(true);
    expect(showsInvitations(row(), 'me', none)).toBe(false);
    expect(showsInvitations(row(), 'org', none)).toBe(true);
  });

  it('shows test rehearsals to TUTTI_MU and CORE_ADMIN only, whatever the ties', () => {
    const test = row({ kind: 'test', public: false });
    expect(canSeeSession(test, viewer(), { invited: true, played: true })).toBe(false);
    expect(canSeeSession(test, viewer(['CORE_GUEST', 'TUTTI_MU']), none)).toBe(true);
    expect(canSeeSession(test, viewer(['CORE_ADMIN']), none)).toBe(true);
  });

  it('picks the lowest free slot, null when full', () => {
    expect(lowestFreeSlot([], 8)).toBe(0);
    expect(lowestFreeSlot([0, 2, 1, 4], 8)).toBe(3);
    expect(lowestFreeSlot([0, 1], 2)).toBeNull();
  });
});

describe('free minutes', () => {
  it('counts from the first instant of the UTC month', () => {
    expect(monthStartUtc(new Date('2026-03-31T23:59:59-05:00')).toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(monthStartUtc(new Date('2026-02-14T12:00:00Z')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('counts whole minutes played and never goes below zero', () => {
    expect(remainingOf(120, 0)).toBe(120);
    expect(remainingOf(120, 59)).toBe(120);
    expect(remainingOf(120, 119 * 60 + 30)).toBe(1);
    expect(remainingOf(120, 120 * 60)).toBe(0);
    expect(remainingOf(120, 500 * 60)).toBe(0);
  });
});
