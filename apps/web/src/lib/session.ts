import { createStore, useStore } from 'zustand';
import type { AuthTokens, CurrentUser } from '@tutti/contract/accounts';
import { STORAGE_KEYS, readStored, removeStored, writeStored } from './storage';

interface SessionState {
  /** Kept in memory only: a reload gets a new one through the refresh token. */
  accessToken: string | null;
  user: CurrentUser | null;
}

export const sessionStore = createStore<SessionState>(() => ({ accessToken: null, user: null }));

export const useCurrentUser = (): CurrentUser | null => useStore(sessionStore, (s) => s.user);

export const getAccessToken = (): string | null => sessionStore.getState().accessToken;
export const getRefreshToken = (): string | null => readStored(STORAGE_KEYS.refreshToken);
export const getCurrentUser = (): CurrentUser | null => sessionStore.getState().user;

export function storeTokens(tokens: Pick<AuthTokens, 'accessToken' | 'refreshToken'>): void {
  writeStored(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  sessionStore.setState({ accessToken: tokens.accessToken });
}

export function dropAccessToken(): void {
  sessionStore.setState({ accessToken: null });
}

export function setCurrentUser(user: CurrentUser | null): void {
  sessionStore.setState({ user });
}

/** Forgets everything that makes this browser signed in. */
export function clearSession(): void {
  removeStored(STORAGE_KEYS.refreshToken);
  sessionStore.setState({ accessToken: null, user: null });
}

/** Any trace of a session: used to decide whether a 403 means "you were signed out". */
export const hasSession = (): boolean =>
  getRefreshToken() !== null || getAccessToken() !== null || getCurrentUser() !== null;
