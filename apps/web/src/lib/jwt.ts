/** Expiry of a JWT in epoch milliseconds, or null when the token cannot be read. The signature is the server's business. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as unknown;
    if (typeof json === 'object' && json !== null && 'exp' in json && typeof json.exp === 'number')
      return json.exp * 1000;
    return null;
  } catch {
    return null;
  }
}

/** Seconds of margin so a token does not expire between the check and the server reading it. */
const EXPIRY_MARGIN_MS = 10_000;

export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = tokenExpiresAt(token);
  return exp === null || exp - EXPIRY_MARGIN_MS <= now;
}
