/**
 * Query keys one feature owns and another must refresh (features never import each other): GET v1/me/sessions
 * carries my free minutes left, which a subscription removes.
 */
export const MY_SESSIONS_KEY = ['sessions', 'mine'] as const;
