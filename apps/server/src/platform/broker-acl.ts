import { NALS_TOPIC_PATTERN } from '@tutti/contract/nals';

/** The user name an audio client connects with; browsers connect with their account id. */
export const NALS_USERNAME = 'nals';

/** Who holds an MQTT connection, once authenticated: both kinds are bound to one account's nalsToken. */
export type BrokerIdentity =
  { kind: 'browser'; accountId: string; nalsToken: string } | { kind: 'nals'; accountId: string; nalsToken: string };

export type BrokerAction = 'publish' | 'subscribe';

/** Each side has one topic per direction: the web page writes commands to /in and reads signals from /out, the
 *  audio client the reverse. */
const DIRECTIONS: Record<BrokerIdentity['kind'], Record<BrokerAction, 'in' | 'out'>> = {
  browser: { publish: 'in', subscribe: 'out' },
  nals: { publish: 'out', subscribe: 'in' },
};

export interface TopicParts {
  token: string;
  direction: 'in' | 'out';
}

/** /topic/nals/{token}/{in|out}, or null for any other topic (wildcards included: they never match the pattern). */
export function parseNalsTopic(topic: string): TopicParts | null {
  const match = NALS_TOPIC_PATTERN.exec(topic);
  if (!match?.[1] || !match[2]) return null;
  return { token: match[1], direction: match[2] as 'in' | 'out' };
}

/** The whole access rule: one's own token's topic, in one's own direction, nothing else. */
export function mayUse(identity: Pick<BrokerIdentity, 'kind' | 'nalsToken'>, topic: string, action: BrokerAction) {
  const parts = parseNalsTopic(topic);
  return parts !== null && parts.token === identity.nalsToken && parts.direction === DIRECTIONS[identity.kind][action];
}
