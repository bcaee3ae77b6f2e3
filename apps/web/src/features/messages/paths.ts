import { PATHS } from '../../lib/paths';

/** SPEC section 2: /messages and /messages/:conversationId. */
export const conversationPath = (conversationId: string): string => `${PATHS.messages}/${conversationId}`;
export const isMessagesPath = (pathname: string): boolean =>
  pathname === PATHS.messages || pathname.startsWith(`${PATHS.messages}/`);
