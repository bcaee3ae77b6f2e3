import { act, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@tutti/contract/accounts';
import { testUser } from '../../../../test/current-user';
import { renderWithProviders } from '../../../../test/render';
import { changeLanguage } from '../../../lib/i18n';
import { getCurrentUser, setCurrentUser, useCurrentUser } from '../../../lib/session';
import { useChangeUsername } from './change-username';
import { useSetLocale } from './set-locale';
import { useSetPreferences } from './set-preferences';

const ANA = testUser();

/** What the header shows of the signed-in user, in the interface language. */
function Probe({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <>
      <p>
        {t('nav.logIn')}: {user?.displayedUsername} (@{user?.username})
      </p>
      {children}
    </>
  );
}

describe('user updates (SPEC section 4: they update the current user; a locale change switches the language)', () => {
  let answer: CurrentUser;
  beforeEach(() => {
    setCurrentUser(ANA);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(answer)),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
    await changeLanguage('en');
  });

  /** Runs a mutation hook inside the app's providers, next to the probe. */
  function mutate<T>(useHook: () => { mutateAsync: (body: T) => Promise<unknown> }, body: T) {
    let hook: { mutateAsync: (body: T) => Promise<unknown> } | null = null;
    function Runner() {
      hook = useHook();
      return null;
    }
    renderWithProviders(
      <Probe>
        <Runner />
      </Probe>,
    );
    return act(async () => {
      await hook!.mutateAsync(body);
    });
  }

  it('a new username is the current user at once', async () => {
    answer = { ...ANA, username: 'ana2', displayedUsername: 'ana2' };
    await mutate(useChangeUsername, { username: 'ana2' });
    expect(getCurrentUser()).toMatchObject({ username: 'ana2' });
    expect(screen.getByText('Log in: ana2 (@ana2)')).toBeInTheDocument();
  });

  it('a new displayed username is shown at once', async () => {
    answer = { ...ANA, displayedUsername: 'Maestro' };
    await mutate(useSetPreferences, { displayedUsername: 'Maestro' });
    expect(screen.getByText('Log in: Maestro (@ana)')).toBeInTheDocument();
  });

  it('a new locale is kept and switches the interface language', async () => {
    answer = { ...ANA, locale: 'fr' };
    await mutate(useSetLocale, { locale: 'fr' });
    expect(getCurrentUser()).toMatchObject({ locale: 'fr' });
    await waitFor(() => expect(screen.getByText('Se connecter: Ana (@ana)')).toBeInTheDocument());
    expect(document.documentElement.lang).toBe('fr');
  });
});
