import {
  busTopics,
  type HallSessionEvent,
  type InvitationEvent,
  type InvitedSessionChanged,
  type SessionEvent,
} from '@tutti/contract/bus';
import type { MusicianRef, Session } from '@tutti/contract/sessions';
import type { FastifyBaseLogger } from 'fastify';
import { requestBusRecheck, type PubSub } from '../../platform/pubsub.ts';

/** Publishes session events on the bus topics of packages/contract/src/bus.ts. A lost event is logged, never turned
 *  into a failed request: the database already changed, and pages catch up on their next load. */
export function createSessionEvents(deps: { pubsub: PubSub; log: FastifyBaseLogger }) {
  const { pubsub, log } = deps;
  const publish = async (
    topic: string,
    data: SessionEvent | InvitationEvent | InvitedSessionChanged | HallSessionEvent,
  ) => {
    try {
      await pubsub.publish(topic, data);
    } catch (err) {
      log.warn({ err, topic }, 'session event not published');
    }
  };
  const recheck = async (topic: string) => {
    try {
      await requestBusRecheck(pubsub, topic);
    } catch (err) {
      log.warn({ err, topic }, 'bus recheck not requested');
    }
  };
  /** A public session's news goes to the hall; a private one's to its organizer and invitees only (their lists show
   *  its players live too), each on their own invitations topic. */
  const hall = async (event: HallSessionEvent['event'], session: Session): Promise<void> => {
    if (session.kind !== 'open') return;
    if (session.public) return publish(busTopics.hallSessions(), { event, session });
    const ids = new Set([
      ...(session.organizer ? [session.organizer.id] : []),
      ...session.invited.map((i) => i.musician.id),
    ]);
    await Promise.all([...ids].map((id) => publish(busTopics.invitations(id), { event: 'changed', session })));
  };

  return {
    async created(session: Session): Promise<void> {
      // A private one's invitees hear of it by their invitation, just after: not twice.
      if (session.public) await hall('created', session);
    },
    async invited(session: Session, inviteeIds: string[], invitedBy: MusicianRef): Promise<void> {
      await Promise.all(
        inviteeIds.map((id) => publish(busTopics.invitations(id), { event: 'invited', session, invitedBy })),
      );
    },
    /** `wasPublic`: the hall learns of a session turning private as an end (lists drop it), of one turning public as
     *  a creation. */
    async updated(session: Session, wasPublic: boolean): Promise<void> {
      // Turned private: those who followed it as a public session and may no longer see it stop hearing it first.
      if (wasPublic && !session.public) await recheck(busTopics.session(session.id));
      await publish(busTopics.session(session.id), { event: 'updated', session });
      if (session.kind !== 'open') return;
      if (wasPublic && !session.public) {
        // Any signed-in user hears the hall: a session private now keeps its invitations to itself.
        await publish(busTopics.hallSessions(), { event: 'ended', session: { ...session, invited: [] } });
      } else if (!wasPublic && session.public) await hall('created', session);
      else await hall('updated', session);
    },
    async joined(session: Session, musician: MusicianRef, slot: number): Promise<void> {
      await publish(busTopics.session(session.id), { event: 'joined', session, musician, slot });
      await hall('updated', session);
    },
    async left(
      session: Session,
      musician: MusicianRef,
      slot: number,
      reason: 'quit' | 'timeout' | 'minutes',
    ): Promise<void> {
      await publish(busTopics.session(session.id), { event: 'left', session, musician, slot, reason });
      if (session.status !== 'ended') await hall('updated', session);
    },
    async ended(session: Session): Promise<void> {
      await publish(busTopics.session(session.id), { event: 'ended', session });
      await hall('ended', session);
    },
  };
}

export type SessionEvents = ReturnType<typeof createSessionEvents>;
