import type { CurrentUser } from '@tutti/contract/accounts';
import { api } from './api';
import { changeLanguage, currentLanguage } from './i18n';
import { setCurrentUser } from './session';

/** Keeps the signed-in user in the session and lets their saved locale win over the browser's. */
export async function applyCurrentUser(user: CurrentUser): Promise<void> {
  setCurrentUser(user);
  if (user.locale !== currentLanguage()) await changeLanguage(user.locale);
}

/** GET v1/me, then applies it. */
export async function loadCurrentUser(): Promise<CurrentUser> {
  const user = await api.call('getMe');
  await applyCurrentUser(user);
  return user;
}
