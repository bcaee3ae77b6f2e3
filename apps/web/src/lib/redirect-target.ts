import { STORAGE_KEYS, readStored, removeStored, writeStored } from './storage';

/**
 * A remembered target is only followed when it is a path of this site (never "//evil.example" or
 * "https://…"), and not a guest page that would bounce back to the hall anyway.
 */
export function safeRedirectTarget(stored: string | null): string | null {
  if (!stored || !stored.startsWith('/') || stored.startsWith('//') || stored.startsWith('/\\')) return null;
  if (stored.startsWith('/users/')) return null;
  return stored;
}

export function rememberRedirectTarget(target: string): void {
  writeStored(STORAGE_KEYS.redirectURL, target);
}

/** The page a guest wanted before being sent to login, used once. */
export function takeRedirectTarget(): string | null {
  const target = safeRedirectTarget(readStored(STORAGE_KEYS.redirectURL));
  removeStored(STORAGE_KEYS.redirectURL);
  return target;
}
