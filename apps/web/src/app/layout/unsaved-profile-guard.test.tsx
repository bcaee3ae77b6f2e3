import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@tutti/contract/common';
import { closeModal } from '../../components/ui/modal-host';
import { MyProfilePage } from '../../features/community/me/pages/my-profile-page';
import { me, stubServer } from '../../features/community/me/test-fixtures';
import { leaveGuardStore } from '../../lib/leave-guard';
import { setCurrentUser } from '../../lib/session';
import { renderGuardedApp } from './guarded-app-tests';
import { confirmLeave } from './navigation-guard';

const EDIT = '/me?edit=1';

/** The app's shape where it matters (guarded-app-tests.tsx) with the page under test. */
const renderApp = (initialEntries = [EDIT], locale: Locale = 'en') =>
  renderGuardedApp({ path: 'me', element: <MyProfilePage /> }, initialEntries, locale);

async function typeBiography(text: string) {
  const bio = await screen.findByRole('textbox', { name: /Biography|Biographie/ });
  await userEvent.clear(bio);
  await userEvent.type(bio, text);
}

/** Whether the page would ask when the tab closes: the browser's question follows a prevented beforeunload. */
function closingTheTabAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

// Typing into Mantine's inputs is slow in happy-dom on a busy machine.
describe('the profile editor’s unsaved changes (issue 29)', { timeout: 30_000 }, () => {
  beforeEach(() => setCurrentUser(me()));
  afterEach(() => {
    act(() => closeModal());
    cleanup();
    leaveGuardStore.setState({ guard: null });
    setCurrentUser(null);
  });

  it('asks before leaving a changed form: Stay keeps what I typed, Leave goes on and drops it', async () => {
    const { calls } = stubServer();
    const router = renderApp();
    await typeBiography('Jazz now');
    expect(closingTheTabAsks()).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Hall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('Your changes have not been saved. Leave this page and lose them?');
    const stay = screen.getByRole('button', { name: 'Stay' });
    await waitFor(() => expect(stay).toHaveFocus());
    await userEvent.click(stay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname + router.state.location.search).toBe(EDIT);
    expect(screen.getByRole('textbox', { name: 'Biography' })).toHaveValue('Jazz now');

    await userEvent.click(screen.getByRole('link', { name: 'Hall' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'The hall' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(leaveGuardStore.getState().guard).toBeNull();
    expect(closingTheTabAsks()).toBe(false);
  });

  it('holds a move within /me too: the browser’s back from the editor to my profile asks, Escape stays', async () => {
    stubServer();
    const router = renderApp(['/me', EDIT]);
    await typeBiography('Jazz now');

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?edit=1');
    expect(screen.getByRole('textbox', { name: 'Biography' })).toHaveValue('Jazz now');
  });

  it('does not ask for an untouched form, after Save, or after Cancel', async () => {
    stubServer();
    const router = renderApp();
    await screen.findByRole('textbox', { name: 'Biography' });
    expect(closingTheTabAsks()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Hall' }));
    expect(await screen.findByRole('heading', { name: 'The hall' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(() => router.navigate(EDIT));
    await typeBiography('Jazz now');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await userEvent.click(screen.getByRole('link', { name: 'Hall' }));
    expect(await screen.findByRole('heading', { name: 'The hall' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(() => router.navigate(EDIT));
    await typeBiography('Jazz then');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('link', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(leaveGuardStore.getState().guard).toBeNull();
  });

  it('asks before signing out with unsaved changes', async () => {
    stubServer();
    renderApp();
    await typeBiography('Jazz now');
    const answer = confirmLeave('signOut');
    expect(await screen.findByText('Your changes have not been saved. Sign out and lose them?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await expect(answer).resolves.toBe(false);
  });

  it('asks in French', async () => {
    stubServer();
    renderApp([EDIT], 'fr');
    await typeBiography('Du jazz');
    await userEvent.click(screen.getByRole('link', { name: 'Hall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifications non enregistrées' });
    expect(dialog).toHaveTextContent(
      'Vos modifications n’ont pas été enregistrées. Quitter cette page et les perdre ?',
    );
    expect(screen.getByRole('button', { name: 'Rester' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitter' })).toBeInTheDocument();
  });
});
