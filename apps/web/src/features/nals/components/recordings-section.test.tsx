import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NALS_RECORD_MAX_SECONDS } from '@tutti/contract/nals';
import { renderWithProviders } from '../../../../test/render';
import { initialNalsState, type NalsState } from '../../../lib/nals/nals-state';
import { nalsStore, sendCommand } from '../../../lib/nals/nals-store';
import { RecordingsSection } from './recordings-section';

vi.mock('../../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../../lib/nals/nals-store')>()),
  sendCommand: vi.fn(() => true),
}));

// A null command (hidden by a version gate) is a no-op of sendCommand: only real ones count as sent.
const sent = () =>
  vi
    .mocked(sendCommand)
    .mock.calls.map(([command]) => command)
    .filter((command) => command !== null);
// Noon UTC: the same day in every time zone the tests may run in, whatever the hour there.
const take = { name: 'take-1.wav', sizeBytes: 160_044, durationSec: 5, createdAt: '2025-11-21T12:05:00.000Z' };
const older = { name: 'older.wav', sizeBytes: 1_440_044, durationSec: 45, createdAt: '2025-11-20T12:00:00.000Z' };
// A client that gives no usable date: the moment comes from its machine name (in UTC).
const native = { name: 'rec-20251119-120000Z.wav', sizeBytes: 512, durationSec: 1, createdAt: '' };
const TAKE = /^Friday, 21 November 2025 at \d\d:05, take-1\.wav$/;
const OLDER = /^Thursday, 20 November 2025 at \d\d:00, older\.wav$/;
const NATIVE = /^Wednesday, 19 November 2025 at \d\d:00, rec-20251119-120000Z\.wav$/;

/** The polite region that says where a recording was saved. */
const notice = () => {
  const region = screen.getByTestId('recording-notice');
  expect(region).toHaveAttribute('role', 'status');
  return region;
};

function connect(version: string, patch: Partial<NalsState> = {}) {
  nalsStore.setState({ ...initialNalsState, isConnected: true, version, ...patch }, true);
}

describe('RecordingsSection', () => {
  beforeEach(() => vi.mocked(sendCommand).mockClear());
  afterEach(() => {
    vi.useRealTimers();
    nalsStore.setState(initialNalsState, true);
  });

  it('asks for the catalog on opening, records for at most the limit, stops, then asks again', async () => {
    connect('0.11.0');
    renderWithProviders(<RecordingsSection />);
    const ui = userEvent.setup();
    expect(sent()).toEqual([{ action: 'list' }]);
    expect(screen.getByText('Loading the recordings…')).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Record to file' }));
    expect(sent().at(-1)).toEqual({ action: 'start_record_to_file', data: { maxSeconds: NALS_RECORD_MAX_SECONDS } });

    const startedAt = new Date(Date.now() - 65_000).toISOString();
    act(() => nalsStore.setState({ recording: { name: 'take-1.wav', startedAt, maxSeconds: 600 } }));
    expect(screen.queryByRole('button', { name: 'Record to file' })).not.toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('01:05 / 10:00');
    await ui.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(sent().at(-1)).toEqual({ action: 'stop_record' });
    expect(sent().filter((c) => c.action === 'list')).toHaveLength(1);

    act(() => nalsStore.setState({ recording: null }));
    expect(sent().filter((c) => c.action === 'list')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Record to file' })).toBeInTheDocument();
    // Said once, politely, by its human name: when it started, in the reader's language and zone.
    const human = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(startedAt));
    expect(notice()).toHaveTextContent(`Saved as ${human}`);

    // A new recording clears it.
    act(() =>
      nalsStore.setState({ recording: { name: 'b.wav', startedAt: new Date().toISOString(), maxSeconds: 600 } }),
    );
    expect(notice()).toBeEmptyDOMElement();
    expect(screen.getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('00:00 / 10:00');
  });

  it('ticks every second while recording', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-01T10:00:00Z'), toFake: ['setInterval', 'clearInterval', 'Date'] });
    connect('0.11.0', { recording: { name: 'a.wav', startedAt: '2026-03-01T09:59:58.000Z', maxSeconds: 600 } });
    renderWithProviders(<RecordingsSection />);
    const timer = screen.getByRole('timer', { name: 'Elapsed time' });
    expect(timer).toHaveTextContent('00:02 / 10:00');
    act(() => vi.advanceTimersByTime(3_000));
    expect(timer).toHaveTextContent('00:05 / 10:00');
    act(() => vi.advanceTimersByTime(60_000));
    expect(timer).toHaveTextContent('01:05 / 10:00');
  });

  it('says nothing was saved when the client went away during the recording', () => {
    connect('0.11.0', { recording: { name: 'a.wav', startedAt: new Date().toISOString(), maxSeconds: 600 } });
    renderWithProviders(<RecordingsSection />);
    act(() => nalsStore.setState({ recording: null, isConnected: false }));
    expect(notice()).toBeEmptyDOMElement();
  });

  it('lists the catalog newest first by human name, with the file name, duration and size; deletes after a confirmation', async () => {
    connect('0.11.0', { recordings: [older, native, take] });
    renderWithProviders(<RecordingsSection />);
    const ui = userEvent.setup();
    const rows = within(screen.getByRole('list', { name: 'Local recordings' })).getAllByRole('listitem');
    const labels = rows.map((row) => row.getAttribute('aria-label'));
    expect(labels[0]).toMatch(TAKE);
    expect(labels[1]).toMatch(OLDER);
    expect(labels[2]).toMatch(NATIVE);
    const [first] = rows as [HTMLElement];
    expect(within(first).getByText(/^Friday, 21 November 2025 at \d\d:05$/)).toBeInTheDocument();
    expect(within(first).getByText('take-1.wav')).toBeInTheDocument();
    expect(first).toHaveTextContent('0:05 · 160 kB');
    expect(rows[1]).toHaveTextContent('0:45 · 1.4 MB');
    vi.mocked(sendCommand).mockClear();

    const row = within(screen.getByRole('listitem', { name: TAKE }));
    await ui.click(row.getByRole('button', { name: 'Delete' }));
    expect(row.getByText(/^Delete Friday, 21 November 2025 at \d\d:05\?$/)).toBeInTheDocument();
    await ui.click(row.getByRole('button', { name: 'Cancel' }));
    expect(sendCommand).not.toHaveBeenCalled();

    await ui.click(row.getByRole('button', { name: 'Delete' }));
    await ui.click(row.getByRole('button', { name: 'Yes, delete' }));
    expect(sent()).toEqual([{ action: 'delete', data: { name: 'take-1.wav' } }]);

    act(() => nalsStore.setState({ recordings: [] }));
    expect(screen.getByText('No recording yet.')).toBeInTheDocument();
  });

  it('below 0.6.4 records and stops but neither lists nor deletes', async () => {
    connect('0.6.3', { recordings: [take] });
    renderWithProviders(<RecordingsSection />);
    const ui = userEvent.setup();
    expect(screen.getByText(/needs audio client 0.6.4 or later \(yours: 0.6.3\)/)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Record to file' }));
    act(() =>
      nalsStore.setState({ recording: { name: 'a.wav', startedAt: new Date().toISOString(), maxSeconds: 600 } }),
    );
    act(() => nalsStore.setState({ recording: null }));
    expect(sent().map((c) => c.action)).toEqual(['start_record_to_file']);
  });

  it('speaks French', () => {
    connect('0.11.0', { recordings: [take] });
    renderWithProviders(<RecordingsSection />, { locale: 'fr' });
    expect(screen.getByRole('heading', { name: 'Enregistrements' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer dans un fichier' })).toBeInTheDocument();
    const row = screen.getByRole('listitem', { name: /^vendredi 21 novembre 2025 à \d\d:05, take-1\.wav$/ });
    expect(row).toHaveTextContent(/0:05 · 160\s?ko/);
  });

  it('says where a recording was saved, in French', () => {
    connect('0.11.0', { recording: { name: 'a.wav', startedAt: '2025-11-21T12:05:00.000Z', maxSeconds: 600 } });
    renderWithProviders(<RecordingsSection />, { locale: 'fr' });
    act(() => nalsStore.setState({ recording: null }));
    expect(notice()).toHaveTextContent(/^Enregistré sous vendredi 21 novembre 2025 à \d\d:05$/);
  });
});
