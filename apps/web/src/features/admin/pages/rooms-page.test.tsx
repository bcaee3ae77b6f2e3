import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Region, Server } from '@tutti/contract/servers';
import { adminFetchDouble, errorBody, json, renderAdminAt } from '../../../../test/admin-render';
import { RoomsPage } from './rooms-page';

const EU: Region = {
  id: '22222222-2222-4222-8222-222222222222',
  code: 'eu-west',
  name: 'Europe West',
  latitude: 48.85,
  longitude: 2.35,
  createdAt: '2030-12-01T12:00:00.000Z',
};
const ROOMS_1: Server = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'rooms-1',
  regionId: EU.id,
  provider: 'self-hosted',
  url: 'http://127.0.0.1:7401',
  capacity: 32,
  status: 'paused',
  load: 3,
  lastHealthAt: null,
  lastHealthOk: null,
  createdAt: '2030-12-01T12:00:00.000Z',
};

/** Types a whole value at once: key by key, a dozen fields outlast the test's time on a loaded machine. */
async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

// A dozen fields and dialogs per test: more than the default 5 s when the suite shares 2 cores with the server's.
describe('the room servers administration', () => {
  let server: Server;
  let regions: Region[];
  beforeEach(() => {
    server = ROOMS_1;
    regions = [EU];
  });
  const calls = adminFetchDouble(({ method, url, body }) => {
    if (url.endsWith('/v1/providers')) return json(200, [{ id: 'self-hosted', name: 'Self-hosted' }]);
    if (url.endsWith('/start')) {
      server = { ...server, status: 'started' };
      return json(200, server);
    }
    if (url.endsWith('/healthcheck')) {
      const report = { rooms: 2, players: 3, uptimeSec: 60, cpu: 0.1 };
      return json(200, { ok: true, checkedAt: '2030-12-02T10:00:00.000Z', report, error: null });
    }
    if (url.endsWith('/v1/servers') && method === 'POST') {
      const sent = body as Server;
      if (sent.url === ROOMS_1.url) return json(409, errorBody('CONFLICT', { url: 'invalid' }));
      return json(201, { ...ROOMS_1, ...sent, id: '55555555-5555-4555-8555-555555555555' });
    }
    if (url.endsWith('/v1/servers')) return json(200, [server]);
    if (url.endsWith('/v1/regions') && method === 'POST') {
      const sent = body as { code: string };
      if (sent.code === EU.code) return json(409, errorBody('CONFLICT', { code: 'invalid' }));
      const added = { ...EU, ...sent, id: '44444444-4444-4444-8444-444444444444' };
      regions = [...regions, added];
      return json(200, added);
    }
    if (url.includes('/v1/regions/') && method === 'DELETE') return json(409, errorBody('IN_USE'));
    if (url.endsWith('/v1/regions')) return json(200, regions);
    return undefined;
  });

  it('lists the servers with their region and load, starts one and asks for its health', async () => {
    renderAdminAt('/admin/rooms', '/admin/rooms', <RoomsPage />);
    const table = await screen.findByRole('region', { name: 'Room servers' });
    const row = within(table).getByRole('row', { name: /rooms-1/ });
    expect(row).toHaveTextContent('Europe West');
    expect(row).toHaveTextContent('3 / 32 players');
    expect(row).toHaveTextContent('Paused');
    expect(row).toHaveTextContent('Never checked');
    await userEvent.click(within(row).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('rooms-1 gives sessions rooms again.')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Started')).toBeInTheDocument());
    await userEvent.click(within(row).getByRole('button', { name: 'Check health' }));
    expect(await within(row).findByText('Answered: 2 room(s) open')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(
      expect.arrayContaining([
        `POST /api/v1/servers/${ROOMS_1.id}/start`,
        `GET /api/v1/servers/${ROOMS_1.id}/healthcheck`,
      ]),
    );
  }, 15_000);

  it('adds a region, says on its field when the code is taken, and explains a region still in use', async () => {
    renderAdminAt('/admin/rooms', '/admin/rooms', <RoomsPage />);
    const form = await screen.findByRole('form', { name: 'Add the region' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add the region' }));
    expect(within(form).getAllByText('This field is required.')).toHaveLength(4);
    await fill(within(form).getByRole('textbox', { name: /Code/ }), 'eu-west');
    await fill(within(form).getByRole('textbox', { name: /Name/ }), 'Again');
    await fill(within(form).getByRole('textbox', { name: /Latitude/ }), '45');
    await fill(within(form).getByRole('textbox', { name: /Longitude/ }), '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Add the region' }));
    expect(await within(form).findByText('A region with this code exists already.')).toBeInTheDocument();
    await userEvent.clear(within(form).getByRole('textbox', { name: /Code/ }));
    await fill(within(form).getByRole('textbox', { name: /Code/ }), 'eu-south');
    await userEvent.click(within(form).getByRole('button', { name: 'Add the region' }));
    expect(await screen.findByText('The region Again is added.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      code: 'eu-south',
      name: 'Again',
      latitude: 45,
      longitude: 4,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete the region Europe West' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the region Europe West?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the region' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This item is still in use.');
  }, 15_000);

  it('registers a server in a dialog, the address already taken said on its field', async () => {
    renderAdminAt('/admin/rooms', '/admin/rooms', <RoomsPage />);
    const register = await screen.findByRole('button', { name: 'Register a server' });
    await waitFor(() => expect(register).toBeEnabled());
    await userEvent.click(register);
    const dialog = await screen.findByRole('dialog', { name: 'Register a room server' });
    await fill(within(dialog).getByRole('textbox', { name: /^Name/ }), 'rooms-2');
    await fill(within(dialog).getByRole('textbox', { name: /Control address/ }), ROOMS_1.url);
    await fill(within(dialog).getByLabelText(/^Secret/), 'a-secret-of-16-chars-or-more');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register a server' }));
    expect(
      await within(dialog).findByText('A room server with this address is registered already.'),
    ).toBeInTheDocument();
    const url = within(dialog).getByRole('textbox', { name: /Control address/ });
    await userEvent.clear(url);
    await fill(url, 'http://10.0.0.2:7401');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register a server' }));
    expect(
      await screen.findByText('rooms-2 is registered, paused: start it to give sessions rooms on it.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      name: 'rooms-2',
      regionId: EU.id,
      provider: 'self-hosted',
      url: 'http://10.0.0.2:7401',
      secret: 'a-secret-of-16-chars-or-more',
      capacity: 32,
    });
  }, 15_000);

  it('speaks French', async () => {
    renderAdminAt('/admin/rooms', '/admin/rooms', <RoomsPage />, { locale: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Serveurs de salles' })).toBeInTheDocument();
    expect(await screen.findByText('3 / 32 musiciens')).toBeInTheDocument();
  }, 15_000);
});
