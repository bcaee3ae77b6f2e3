import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore } from '../../../lib/nals/nals-store';
import { setCurrentUser } from '../../../lib/session';
import { ANA, apiError, json, sampleSession, userOf } from '../test-fixtures';
import { CreateSessionForm, validateCreateForm, type CreateFormValues } from './create-session-form';

vi.mock('../../../lib/nals/server-config', () => ({
  useServerConfig: () => ({ data: { queueHost: 'ws://localhost:8083' } }),
}));

const fetchSpy = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(json(201, sampleSession())));
const sentBody = () => JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body)) as Record<string, unknown>;

describe('CreateSessionForm', () => {
  beforeEach(() => {
    nalsStore.setState({ ...initialNalsState, isConnected: true }, true);
    // Signed in, as on the page the form lives on: the API client sends nothing for a signed-out visitor.
    setCurrentUser(userOf(ANA));
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentUser(null);
    nalsStore.setState(initialNalsState, true);
  });

  it('cannot be sent without a connected audio client, and says how to get one', () => {
    nalsStore.setState({ ...initialNalsState, isConnected: false }, true);
    renderWithProviders(<CreateSessionForm onCreated={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Create and join' })).toBeDisabled();
    expect(screen.getByText('The audio client must be running to create a session.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start the audio client' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the audio client' })).toHaveAttribute('href', '/download');
  });

  it('asks for a name before calling the server', async () => {
    renderWithProviders(<CreateSessionForm onCreated={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create and join' }));
    expect(await screen.findByText('A session needs a name.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a scheduled time in the past', async () => {
    renderWithProviders(<CreateSessionForm onCreated={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Jam');
    await userEvent.click(screen.getByRole('radio', { name: 'Later' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '10:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create the session' }));
    expect(await screen.findByText('This time is in the past.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says the chosen start in the reader’s language, whatever the browser’s own date control shows', async () => {
    renderWithProviders(<CreateSessionForm onCreated={vi.fn()} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Later' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-03-05' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '19:30' } });
    expect(screen.getByText(/Time zone/).textContent).toMatch(/^Starts Tue,? 5 Mar 2030,? 19:30/);
  });

  it('sends a private scheduled session in UTC with the time zone and the invitations', async () => {
    const onCreated = vi.fn();
    renderWithProviders(<CreateSessionForm onCreated={onCreated} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), '  Jam  ');
    await userEvent.click(screen.getByRole('radio', { name: /Private/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Later' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-05-04' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '19:30' } });
    await userEvent.type(screen.getByRole('combobox', { name: 'Invite musicians' }), 'ben{enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Create the session' }));

    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(sampleSession(), false));
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/v2/open-rehearsal');
    expect(sentBody()).toEqual({
      name: 'Jam',
      public: false,
      startsAt: new Date(2030, 4, 4, 19, 30).toISOString(),
      invite: ['ben'],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('a session that starts now is created and joined in one click', async () => {
    const onCreated = vi.fn();
    renderWithProviders(<CreateSessionForm onCreated={onCreated} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Jam');
    await userEvent.click(screen.getByRole('button', { name: 'Create and join' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(sampleSession(), true));
    expect(sentBody()).not.toHaveProperty('startsAt');
  });

  it('shows unknown usernames on the invitation field', async () => {
    fetchSpy.mockResolvedValueOnce(
      apiError(400, 'VALIDATION_FAILED', { fields: { invite: 'unknown_username' }, details: { unknown: ['zed'] } }),
    );
    renderWithProviders(<CreateSessionForm onCreated={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Jam');
    await userEvent.type(screen.getByRole('combobox', { name: 'Invite musicians' }), 'zed{enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Create and join' }));
    // One name: the sentence speaks of one.
    expect(await screen.findByText('No musician has the username zed')).toBeInTheDocument();
  });

  it('names several unknown usernames in the plural, in French too', async () => {
    fetchSpy.mockResolvedValueOnce(
      apiError(400, 'VALIDATION_FAILED', {
        fields: { invite: 'unknown_username' },
        details: { unknown: ['zed', 'yan'] },
      }),
    );
    renderWithProviders(<CreateSessionForm onCreated={vi.fn()} />, { locale: 'fr' });
    await userEvent.type(screen.getByRole('textbox', { name: /Nom/ }), 'Jam');
    await userEvent.click(screen.getByRole('button', { name: 'Créer et rejoindre' }));
    expect(await screen.findByText('Aucun musicien n’a ces noms d’utilisateur : zed, yan')).toBeInTheDocument();
  });

  it.each([
    ['en', 409, 'LIVE_SESSIONS_LIMIT', 'Create and join', 'You already have 3 live sessions, the most allowed.'],
    [
      'fr',
      409,
      'LIVE_SESSIONS_LIMIT',
      'Créer et rejoindre',
      'Vous avez déjà 3 sessions en direct, le maximum autorisé.',
    ],
    ['en', 429, 'SESSION_CREATION_RATE', 'Create and join', 'You are creating sessions too quickly.'],
  ] as const)('says why a fair-use limit refused the session (%s, %s)', async (locale, status, code, send, text) => {
    fetchSpy.mockResolvedValueOnce(apiError(status, code, { details: { limit: 3 } }));
    renderWithProviders(<CreateSessionForm onCreated={vi.fn()} />, { locale });
    await userEvent.type(screen.getAllByRole('textbox')[0]!, 'Jam');
    await userEvent.click(screen.getByRole('button', { name: send }));
    expect(await screen.findByText(text, { exact: false })).toBeInTheDocument();
  });
});

describe('validateCreateForm', () => {
  const base: CreateFormValues = {
    name: 'Jam',
    description: '',
    isPublic: true,
    later: true,
    date: '2030-01-01',
    time: '10:00',
    invite: [],
  };
  const now = new Date(2030, 0, 1, 9, 0).getTime();

  it('accepts a later time and gives it in UTC', () => {
    expect(validateCreateForm(base, now)).toEqual({ errors: {}, startsAt: new Date(2030, 0, 1, 10, 0).toISOString() });
  });

  it('needs a name, and a date and time when later', () => {
    expect(validateCreateForm({ ...base, name: '  ', date: '' }, now).errors).toEqual({
      name: 'nameRequired',
      startsAt: 'dateRequired',
    });
  });

  it('refuses the past', () => {
    expect(validateCreateForm({ ...base, time: '08:59' }, now).errors).toEqual({ startsAt: 'inThePast' });
  });
});
