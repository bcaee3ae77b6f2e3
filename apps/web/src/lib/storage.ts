/** The only keys the web keeps in localStorage (spec section 9, and a preference). The access token stays in memory. */
export const STORAGE_KEYS = {
  refreshToken: 'refresh_token',
  deviceSerial: 'device_serial',
  appVersion: 'appVersion',
  redirectURL: 'redirectURL',
  /** '0' when the musician turned the rehearsal's join and leave chime off (on by default). */
  joinLeaveSound: 'join_leave_sound',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** sessionStorage flag: the app-start check runs once per browser session. */
export const APP_START_CHECKED_KEY = 'appStartChecked';

// Storage can throw (private mode, disabled cookies): the app keeps working, only without persistence.
export function readStored(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Persistence is best effort.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Persistence is best effort.
  }
}

export function readSessionFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function writeSessionFlag(key: string, on: boolean): void {
  try {
    if (on) sessionStorage.setItem(key, '1');
    else sessionStorage.removeItem(key);
  } catch {
    // Persistence is best effort.
  }
}
