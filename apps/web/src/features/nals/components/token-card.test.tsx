import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@tutti/contract/accounts';
import { renderWithProviders } from '../../../../test/render';
import { openConfirmModal } from '../../../components/ui/modal-host';
import { api } from '../../../lib/api';
import { getCurrentUser, setCurrentUser } from '../../../lib/session';
import { TokenCard } from './token-card';

vi.mock('../../../lib/nals/server-config', () => ({
  useServerConfig: () => ({ data: { queueHost: 'ws://localhost:8083' } }),
}));
vi.mock('../../../components/ui/modal-host', () => ({ openConfirmModal: vi.fn() }));
vi.mock('../../../lib/api', () => ({ api: { call: vi.fn() } }));

const user = { id: 'acc-1', nalsToken: 'tok_old', locale: 'en' } as CurrentUser;

describe('TokenCard', () => {
  afterEach(() => {
    setCurrentUser(null);
    vi.clearAllMocks();
  });

  it('shows the token and the emulator command, and replaces the token once confirmed', async () => {
    setCurrentUser(user);
    vi.mocked(api.call).mockResolvedValue({ ...user, nalsToken: 'tok_new' } as never);
    renderWithProviders(<TokenCard />);
    expect(screen.getByText('tok_old')).toBeInTheDocument();
    expect(screen.getByText('npm run nals -- --token tok_old --broker ws://localhost:8083')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Replace the token' }));
    const { onConfirm } = vi.mocked(openConfirmModal).mock.calls[0]![0];
    onConfirm();
    await screen.findByText('The token has been replaced.');
    expect(api.call).toHaveBeenCalledWith('setPreferences', { body: { rotateNalsToken: true } });
    expect(getCurrentUser()?.nalsToken).toBe('tok_new');
    expect(screen.getByText('tok_new')).toBeInTheDocument();
  });
});
