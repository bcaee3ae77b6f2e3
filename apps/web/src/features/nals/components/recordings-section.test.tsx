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
const take = { name: 'take-1.wav', sizeBytes: 160_044, durationSec: 5, createdAt: '2025-11-21T14:05:00.000Z' };
const older = { name: 'older.wav', sizeBytes: 1_440_044, durationSec: 45, createdAt: '2025-11-20T09:00:00.000Z' };

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
    expect(screen.getByRole('status')).toHaveTextContent('Loading the recordings');

    await ui.click(screen.getByRole('button', { name: 'Record to file' }));
    expect(sent().at(-1)).toEqual({ action: 'start_record_to_file', data: { maxSeconds: NALS_RECORD_MAX_SECONDS } });

    const startedAt = new Date(Date.now() - 65_000).toISOString();
    act(() => nalsStore.setState({ recording: { name: 'take-1.wav', startedAt, maxSeconds: 600 } }));
    expect(screen.queryByRole('button', { name: 'Record to file' })).not.toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('1:05 / 10:00');
    await ui.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(sent().at(-1)).toEqual({ action: 'stop_record' });
    expect(sent().filter((c) => c.action === 'list')).toHaveLength(1);

    act(() => nalsStore.setState({ recording: null }));
    expect(sent().filter((c) => c.action === 'list')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Record to file' })).toBeInTheDocument();
  });

  it('lists the catalog newest first with duration, size and date, and deletes after a confirmation', async () => {
    connect('0.11.0', { recordings: [older, take] });
    renderWithProviders(<RecordingsSection />);
    const ui = userEvent.setup();
    const rows = within(screen.getByRole('list', { name: 'Local recordings' })).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['take-1.wav', 'older.wav']);
    expect(rows[0]).toHaveTextContent('0:05 · 160 kB · 21 Nov 2025');
    expect(rows[1]).toHaveTextContent('0:45 · 1.4 MB · 20 Nov 2025');
    vi.mocked(sendCommand).mockClear();

    const row = within(screen.getByRole('listitem', { name: 'take-1.wav' }));
    await ui.click(row.getByRole('button', { name: 'Delete' }));
    expect(row.getByText('Delete take-1.wav?')).toBeInTheDocument();
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
    expect(screen.getByRole('listitem', { name: 'take-1.wav' })).toHaveTextContent(/0:05 · 160 ko · 21 nov\. 2025/);
  });
});
