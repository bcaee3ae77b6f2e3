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

/** A sessionStorage value (this tab, until it closes); null when absent or when storage cannot be read. */
export function readSessionValue(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores (or, for null, removes) a sessionStorage value; best effort, like writeStored. */
export function writeSessionValue(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Persistence is best effort.
  }
}

export const readSessionFlag = (key: string): boolean => readSessionValue(key) === '1';

export const writeSessionFlag = (key: string, on: boolean): void => writeSessionValue(key, on ? '1' : null);
