import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../../test/render';
import { sendCommand } from '../../../lib/nals/nals-store';
import { rehearsalSessionStore } from '../../../lib/rehearsal-session';
import { setCurrentUser } from '../../../lib/session';
import { setUpRehearsalPageTests } from '../rehearsal-page-tests';
import { apiError, BEN, json, sampleJoined, sampleSession, SESSION_ID, userOf } from '../test-fixtures';
import { TestRehearsalPage } from './test-rehearsal-page';

vi.mock('../../../lib/use-bus', async () => (await import('../bus-mock')).busMock);
vi.mock('../../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../../lib/nals/nals-store')>()),
  sendCommand: vi.fn(() => true),
}));

const testSession = sampleSession({ kind: 'test', name: 'Latency test', organizer: null });

function serve(join: (body: { password: string }) => Response) {
  const spy = vi.fn((url: string, init?: RequestInit) => {
    if (url === `/api/v1/sessions/${SESSION_ID}/details`) return Promise.resolve(json(200, testSession));
    if (url === `/api/v1/test-rehearsal/${SESSION_ID}/join`)
      return Promise.resolve(join(JSON.parse(String(init?.body)) as { password: string }));
    return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

function renderPage() {
  return renderWithProviders(
    <Routes location={`/studio/test-rehearsal/${SESSION_ID}`}>
      <Route path="/studio/test-rehearsal/:sessionId" element={<TestRehearsalPage />} />
    </Routes>,
  );
}

describe('TestRehearsalPage', () => {
  setUpRehearsalPageTests();
  beforeEach(() => setCurrentUser(userOf(BEN, ['CORE_GUEST', 'TUTTI_MU'])));

  it('says "Wrong password" on the field when the password is wrong', async () => {
    serve(() => apiError(400, 'WRONG_PASSWORD'));
    renderPage();
    await userEvent.type(await screen.findByLabelText(/Password/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Join the test rehearsal' }));
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    const field = screen.getByLabelText(/Password/, { selector: 'input' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Wrong password');
    expect(vi.mocked(sendCommand)).not.toHaveBeenCalled();
  });

  it("names the show-password toggle in the reader's language", async () => {
    serve(() => apiError(400, 'WRONG_PASSWORD'));
    renderWithProviders(
      <Routes location={`/studio/test-rehearsal/${SESSION_ID}`}>
        <Route path="/studio/test-rehearsal/:sessionId" element={<TestRehearsalPage />} />
      </Routes>,
      { locale: 'fr' },
    );
    const field = await screen.findByLabelText(/Mot de passe/, { selector: 'input' });
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Toggle password/, hidden: true })).not.toBeInTheDocument();
  });

  it('joins with the right password and opens the rehearsal manager', async () => {
    const spy = serve(({ password }) =>
      password === 'open-sesame'
        ? json(200, sampleJoined({ session: testSession, remainingMinutes: null }))
        : apiError(400, 'WRONG_PASSWORD'),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText(/Password/), 'open-sesame');
    await userEvent.click(screen.getByRole('button', { name: 'Join the test rehearsal' }));
    expect(await screen.findByRole('heading', { name: 'Rehearsal manager' })).toBeInTheDocument();
    expect(rehearsalSessionStore.getState()).toMatchObject({ sessionId: SESSION_ID, type: 'test' });
    expect(spy).toHaveBeenCalledWith(`/api/v1/test-rehearsal/${SESSION_ID}/join`, expect.anything());
    expect(screen.queryByTestId('free-minutes')).not.toBeInTheDocument();
  });
});
