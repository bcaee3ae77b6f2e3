import type { AddressInfo } from 'node:net';
import type { BusCommand } from '@tutti/contract/bus';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

export interface BusFrame {
  topic: string;
  data?: unknown;
  error?: { code: string; message: string };
}

/** A page's bus connection, as a test drives it. */
export interface TestBusSocket {
  ws: WebSocket;
  send(command: BusCommand): void;
  subscribe(topic: string): void;
  /** The next frame not read yet (in arrival order). */
  next(): Promise<BusFrame>;
  /** Resolves once every command sent before was handled: the server handles one connection's commands in order,
   *  and answers an unknown topic at once. No timing involved. */
  sync(): Promise<void>;
  /** Frames received and not read yet. */
  pending(): number;
  /** Close code and reason once the server (or the test) closed the socket. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** ws://127.0.0.1:<port>/bus of an app that listens (app.listen({ port: 0 })). */
export function busUrl(app: FastifyInstance, token?: string): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/bus${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
}

let syncCounter = 0;

export async function openBus(url: string): Promise<TestBusSocket> {
  const ws = new WebSocket(url);
  const frames: BusFrame[] = [];
  const waiting: ((frame: BusFrame) => void)[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as BusFrame;
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = () =>
    new Promise<BusFrame>((resolve) => {
      const frame = frames.shift();
      if (frame) resolve(frame);
      else waiting.push(resolve);
    });
  const send = (command: BusCommand) => ws.send(JSON.stringify(command));
  return {
    ws,
    send,
    subscribe: (topic) => send({ command: 'SUBSCRIBE', topic }),
    next,
    async sync() {
      const topic = `/sync/${++syncCounter}`;
      send({ command: 'SUBSCRIBE', topic });
      // Frames before the marker stay unread for the test.
      const skipped: BusFrame[] = [];
      for (;;) {
        const frame = await next();
        if (frame.topic === topic && frame.error?.code === 'UNKNOWN_TOPIC') break;
        skipped.push(frame);
      }
      frames.unshift(...skipped);
    },
    pending: () => frames.length,
    closed,
    close: () => ws.close(),
  };
}
