import { AppError } from '../../platform/errors.ts';
import type { Guard } from '../../platform/auth-guard.ts';
import {
  mayUse,
  NALS_USERNAME,
  parseNalsTopic,
  type BrokerAction,
  type BrokerIdentity,
} from '../../platform/broker-acl.ts';
import type { BrokerAuthenticator } from '../../platform/broker.ts';
import type { NalsRepository } from './nals.repository.ts';
import { UUID } from '../../platform/tokens.ts';

/** Access tokens and nalsTokens are far shorter; anything longer is not worth a lookup. */
const MAX_SECRET_LENGTH = 2048;

export interface BrokerAccess extends BrokerAuthenticator {
  /** The ACL as an external broker asks it: by user name only, since it does not resend the password. */
  mayUseByName(username: string, topic: string, action: BrokerAction): Promise<boolean>;
}

/**
 * Who may connect to the broker, embedded or external. A browser: its account id as user name and a valid access
 * token of a live device of that account as password (the HTTP guard's own check). An audio client: user name
 * "nals" and the account's current nalsToken.
 */
export function createBrokerAccess(deps: { guard: Guard; repo: NalsRepository }): BrokerAccess {
  const { guard, repo } = deps;
  return {
    async identify(username, password): Promise<BrokerIdentity | null> {
      if (!password || password.length > MAX_SECRET_LENGTH) return null;
      if (username === NALS_USERNAME) {
        const accountId = await repo.accountIdByNalsToken(password);
        if (!accountId) return null;
        // The hall stops offering to set the audio client up once one has connected, on any device.
        await repo.markAudioClientSeen(accountId);
        return { kind: 'nals', accountId, nalsToken: password };
      }
      if (!UUID.test(username)) return null;
      try {
        const session = await guard.verify(password, 'user');
        if (session.accountId !== username.toLowerCase()) return null;
        return { kind: 'browser', accountId: session.accountId, nalsToken: session.account.nalsToken };
      } catch (e) {
        // Expired, forged or revoked: the same refusal as a wrong password.
        if (e instanceof AppError) return null;
        throw e;
      }
    },

    async mayUseByName(username, topic, action) {
      const parts = parseNalsTopic(topic);
      if (!parts) return false;
      if (username === NALS_USERNAME) {
        // Without the password the connection's own token is unknown here; the topic's token must then be a current
        // one. That grants nothing more than the token itself does: whoever knows it can connect with it.
        return (
          (await repo.accountIdByNalsToken(parts.token)) !== null &&
          mayUse({ kind: 'nals', nalsToken: parts.token }, topic, action)
        );
      }
      if (!UUID.test(username)) return false;
      const token = await repo.nalsTokenOf(username.toLowerCase());
      return token !== null && mayUse({ kind: 'browser', nalsToken: token }, topic, action);
    },
  };
}
