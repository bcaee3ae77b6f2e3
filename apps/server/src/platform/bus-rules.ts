import type { parseBusTopic } from '@tutti/contract/bus';
import type { AuthContext } from './auth-guard.ts';

export type BusTopic = NonNullable<ReturnType<typeof parseBusTopic>>;
export type BusAction = 'SUBSCRIBE' | 'PUBLISH';
/** Whether this caller may do this on this topic; every SUBSCRIBE and PUBLISH asks. */
export type BusAuthorizer = (auth: AuthContext, topic: BusTopic, action: BusAction) => Promise<boolean>;

export interface BusRuleDeps {
  /** Whoever may see the session (its players, invitees, anyone for a public one…): the sessions module decides. */
  canWatchSession(auth: AuthContext, sessionId: string): Promise<boolean>;
}

/**
 * The rules of every topic in one place (the topics themselves: packages/contract/src/bus.ts). Pages only listen:
 * every event is published by the server, so no topic accepts PUBLISH from a connection.
 */
export function createBusRules(deps: BusRuleDeps): BusAuthorizer {
  return async (auth, topic, action) => {
    if (action === 'PUBLISH') return false;
    switch (topic.kind) {
      case 'invitations':
      case 'blocked':
        return topic.userId === auth.accountId;
      case 'hallSessions':
        return true;
      case 'session':
        return deps.canWatchSession(auth, topic.sessionId);
    }
  };
}
