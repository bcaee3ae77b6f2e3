import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NalsEmulatorState } from '@tutti/contract/nals';
import type { Log } from './log.ts';

/** The optional local HTTP endpoint (GET /state) end-to-end tests read the client's own state from. Loopback only. */
export async function startStateServer(
  port: number,
  state: () => Promise<NalsEmulatorState>,
  log: Log,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://nals').pathname;
    if (req.method !== 'GET' || path !== '/state') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"code":"NOT_FOUND","message":"GET /state"}}');
      return;
    }
    state().then(
      (s) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(s)),
      (err: unknown) => {
        log.error('state unavailable', { err });
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end('{"error":{"code":"INTERNAL","message":"state"}}');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  log.info('state endpoint listening', { url: `http://127.0.0.1:${actual}/state` });
  return {
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
