import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { brokerOfServer, ServerBrokerError } from '../src/server-broker.ts';

// Without --broker, the emulator asks the Tutti server it is pointed at (--server) where its broker is, as the web
// page does: a server started on any port is found from its own address.

type Routes = Record<string, { status?: number; body: unknown }>;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A web server answering these paths (with their query) as JSON, 404 for the rest. Answers its origin. */
async function serve(routes: (origin: string) => Routes): Promise<string> {
  let origin = '';
  const server = createServer((req, res) => {
    const route = routes(origin)[req.url ?? ''];
    res.writeHead(route?.status ?? (route ? 200 : 404), { 'content-type': 'application/json' });
    res.end(route ? JSON.stringify(route.body) : '{"error":{"code":"NOT_FOUND"}}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return origin;
}

describe('the broker of a Tutti server', () => {
  it("is the queueHost of the server's v1/config, under config.json's api_url", async () => {
    const origin = await serve(() => ({
      '/config.json': { body: { api_url: '/api/', landing_url: '/' } },
      '/api/v1/config?current=true': {
        body: { queueHost: 'ws://localhost:38083', busHost: 'ws://localhost:38080/bus' },
      },
    }));
    expect(await brokerOfServer(origin)).toBe('ws://localhost:38083');
  });

  it('follows an api_url elsewhere, and takes /api/ when config.json is missing', async () => {
    const api = await serve(() => ({ '/backend/v1/config?current=true': { body: { queueHost: 'wss://mq.example' } } }));
    const web = await serve(() => ({ '/config.json': { body: { api_url: `${api}/backend` } } }));
    expect(await brokerOfServer(web)).toBe('wss://mq.example');

    const bare = await serve(() => ({ '/api/v1/config?current=true': { body: { queueHost: 'ws://h:9003' } } }));
    expect(await brokerOfServer(bare)).toBe('ws://h:9003');
  });

  it('says what to do when the server does not answer or names no broker', async () => {
    const gone = await serve(() => ({}));
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const refused = brokerOfServer(gone);
    await expect(refused).rejects.toBeInstanceOf(ServerBrokerError);
    await expect(refused).rejects.toThrow(/ECONNREFUSED.*--server URL.*--broker URL/);

    const failing = await serve(() => ({ '/api/v1/config?current=true': { status: 503, body: {} } }));
    await expect(brokerOfServer(failing)).rejects.toThrow(/answered 503/);

    const silent = await serve(() => ({ '/api/v1/config?current=true': { body: { busHost: 'ws://x/bus' } } }));
    await expect(brokerOfServer(silent)).rejects.toThrow(/names no broker/);
  });
});
