import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Privilege } from '@tutti/contract/reference';
import { ADMIN_USER, errorBody, json, adminAccount } from '../../../../test/admin-render';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { AccountPrivileges } from './account-privileges';

const ana = adminAccount({ privileges: ['CORE_GUEST', 'TUTTI_MU'] });

// What the server defines: not CORE_ADMIN here, and one role the web has no text for.
const SERVER_ROLES: Privilege[] = [
  { name: 'CORE_GUEST', description: 'Signed-in user' },
  { name: 'EARLY_ACCESS', description: 'Early access to new features' },
  { name: 'TUTTI_MU', description: 'May join test rehearsals' },
];

describe('AccountPrivileges', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  let roles: () => Response;
  const gets = (url: string) => fetchSpy.mock.calls.filter(([u]) => u === url);

  beforeEach(() => {
    setCurrentUser(ADMIN_USER);
    roles = () => json(200, SERVER_ROLES);
    fetchSpy = vi.fn((url: string) =>
      Promise.resolve(url === '/api/v1/privileges' ? roles() : json(404, errorBody('NOT_FOUND'))),
    );
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('offers the roles GET v1/privileges returns, not a list of its own', async () => {
    renderWithProviders(<AccountPrivileges account={ana} />);
    const tester = await screen.findByRole('checkbox', { name: 'Tester (test rehearsals) (TUTTI_MU)' });
    expect(tester).toBeChecked();
    expect(tester).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Signed-in user (CORE_GUEST)' })).toBeDisabled();
    // A role the web has no text for is named by the server's description; the contract cannot grant it.
    expect(screen.getByRole('checkbox', { name: 'Early access to new features (EARLY_ACCESS)' })).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: /CORE_ADMIN/ })).toBeNull();
    expect(gets('/api/v1/privileges')).toHaveLength(1);
  });

  it('labels the roles in French', async () => {
    renderWithProviders(<AccountPrivileges account={ana} />, { locale: 'fr' });
    expect(await screen.findByRole('checkbox', { name: 'Testeur (répétitions de test) (TUTTI_MU)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Utilisateur connecté (CORE_GUEST)' })).toBeInTheDocument();
  });

  it('says when the roles could not be loaded, and tries again (English and French)', async () => {
    let failing = true;
    roles = () => (failing ? json(500, errorBody('INTERNAL')) : json(200, SERVER_ROLES));
    const view = renderWithProviders(<AccountPrivileges account={ana} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The roles an account can hold could not be loaded.');
    expect(screen.queryByRole('checkbox')).toBeNull();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: /TUTTI_MU/ })).toBeInTheDocument();
    view.unmount();

    failing = true;
    renderWithProviders(<AccountPrivileges account={ana} />, { locale: 'fr' });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Les rôles qu’un compte peut avoir n’ont pas pu être chargés.',
      ),
    );
  });
});
