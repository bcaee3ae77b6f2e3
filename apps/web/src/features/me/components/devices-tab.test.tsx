import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '@tutti/contract/accounts';
import { testUser } from '../../../../test/current-user';
import { renderWithProviders } from '../../../../test/render';
import { ModalHost } from '../../../components/ui/modal-host';
import { setCurrentUser } from '../../../lib/session';
import { DevicesTab } from './devices-tab';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const device = (patch: Partial<Device>): Device => ({
  id: '44444444-4444-4444-8444-444444444440',
  app: 'tutti-web/1.0.0',
  userAgent: FIREFOX,
  createdAt: '2030-01-02T10:00:00.000Z',
  lastUsedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  current: false,
  ...patch,
});
const THIS = device({
  id: '44444444-4444-4444-8444-444444444441',
  current: true,
  lastUsedAt: new Date().toISOString(),
});
const OTHER = device({});

describe('DevicesTab (SPEC section 3: a device, its last use and whether it is this one)', () => {
  let deleteStatus: number;
  beforeEach(() => {
    deleteStatus = 204;
    setCurrentUser(testUser());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'DELETE'
          ? new Response(deleteStatus === 204 ? null : '{}', { status: deleteStatus })
          : Response.json([OTHER, THIS]),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  const items = async () => (await screen.findAllByRole('listitem')).map((li) => within(li));

  it('lists this device first, marked, then the others with their last use; only the others may be disconnected', async () => {
    renderWithProviders(<DevicesTab />);
    const [mine, other] = await items();
    expect(mine!.getByText('This device')).toBeInTheDocument();
    expect(mine!.getByText(/^Last used/)).toHaveTextContent('Last used now');
    expect(mine!.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
    expect(other!.getByText('Firefox on Linux')).toBeInTheDocument();
    expect(other!.queryByText('This device')).not.toBeInTheDocument();
    expect(other!.getByText(/^Last used/)).toHaveTextContent('Last used 3 hours ago');
    expect(other!.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  it('says "Unable to disconnect this device." when the server refuses (SPEC section 8)', async () => {
    deleteStatus = 500;
    renderWithProviders(
      <>
        <DevicesTab />
        <ModalHost />
      </>,
    );
    const [, other] = await items();
    await userEvent.click(other!.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect this device?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Unable to disconnect this device.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
