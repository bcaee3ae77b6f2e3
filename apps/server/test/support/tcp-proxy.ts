import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/** A TCP relay in front of a real service (Redis, PostgreSQL) that a test can cut and restore, standing for an outage. */
export interface TcpProxy {
  /** redis://127.0.0.1:<port> style address, without the scheme. */
  port: number;
  /** Drops every relayed connection and refuses new ones, as a stopped server would. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const live = new Set<Socket>();
  const relay = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      live.add(a);
      a.on('close', () => {
        live.delete(a);
        b.destroy();
      });
      a.on('error', () => b.destroy());
    }
    client.pipe(upstream).pipe(client);
  };
  let server: Server = createServer(relay);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of live) socket.destroy();
      server.close(() => resolve());
    });
  return {
    port,
    cut: stop,
    async restore() {
      server = createServer(relay);
      await listen(port);
    },
    close: stop,
  };
}
