import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@tutti/contract/accounts';
import { renderWithProviders } from '../../../test/render';
import { closeModal, ModalHost } from '../../components/ui/modal-host';
import { signOut } from '../../features/auth/api/sign-out';
import { leaveGuardStore, registerLeaveGuard } from '../../lib/leave-guard';
import { UserMenu } from './user-menu';

vi.mock('../../features/auth/api/sign-out', () => ({ signOut: vi.fn(() => Promise.resolve()) }));

const user = {
  id: 'acc-1',
  displayedUsername: 'Ana',
  profilePicture: null,
  privileges: ['CORE_GUEST'],
} as unknown as CurrentUser;
const admin = { ...user, privileges: ['CORE_GUEST', 'CORE_ADMIN'] } as CurrentUser;

async function chooseSignOut() {
  await userEvent.click(screen.getByRole('button', { name: 'Ana, user menu' }));
  // Mantine hides a dropdown whose target has no layout box (happy-dom lays nothing out): queried as hidden.
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));
}

describe('UserMenu sign-out', () => {
  afterEach(() => {
    act(() => closeModal());
    leaveGuardStore.setState({ guard: null });
    vi.clearAllMocks();
  });

  it('in a rehearsal, asks first: Stay keeps me signed in; Leave quits, then signs out', async () => {
    const order: string[] = [];
    const leave = vi.fn(async () => void order.push('quit'));
    vi.mocked(signOut).mockImplementation(async () => void order.push('signOut'));
    registerLeaveGuard({ texts: 'leaveRehearsal', name: 'Blues in E', holdsSearch: false, asksOnUnload: false, leave });
    renderWithProviders(
      <>
        <UserMenu user={user} />
        <ModalHost />
      </>,
    );

    await chooseSignOut();
    expect(await screen.findByText('You are in “Blues in E”. Leave the rehearsal and sign out?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(leave).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();

    await chooseSignOut();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave and sign out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
    expect(order).toEqual(['quit', 'signOut']);
  });

  it('out of a rehearsal, signs out at once', async () => {
    renderWithProviders(<UserMenu user={user} />);
    await chooseSignOut();
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
  });
});

describe('UserMenu links', () => {
  it('offers profile, preferences and "Manage my offer" (SPEC section 2: manage offer, the subscription)', async () => {
    renderWithProviders(<UserMenu user={user} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ana, user menu' }));
    const items = await screen.findAllByRole('menuitem', { hidden: true });
    expect(items.map((i) => i.textContent)).toEqual(['Profile', 'Preferences', 'Manage my offer', 'Sign out']);
    expect(screen.getByRole('menuitem', { name: 'Manage my offer', hidden: true })).toHaveAttribute(
      'href',
      '/me/subscription',
    );
  });

  it('offers "Administration" to an administrator only (issue 12), leading to /admin', async () => {
    renderWithProviders(<UserMenu user={admin} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ana, user menu' }));
    const items = await screen.findAllByRole('menuitem', { hidden: true });
    expect(items.map((i) => i.textContent)).toEqual([
      'Profile',
      'Preferences',
      'Manage my offer',
      'Administration',
      'Sign out',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Administration', hidden: true })).toHaveAttribute('href', '/admin');
  });

  it('gives a musician without CORE_ADMIN no administration entry, in French either', async () => {
    renderWithProviders(<UserMenu user={user} />, { locale: 'fr' });
    await userEvent.click(screen.getByRole('button', { name: 'Ana, menu utilisateur' }));
    await screen.findAllByRole('menuitem', { hidden: true });
    expect(screen.queryByRole('menuitem', { name: 'Administration', hidden: true })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="/admin"]')).toBeNull();
  });
});
