import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { busTopics } from '@tutti/contract/bus';
import { MESSAGES_PER_MINUTE } from '@tutti/contract/messages';
import { buildApp } from '@tutti/server/src/app.ts';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { signInBenchUser, type SignedIn } from './account.ts';
import { benchServerConfig } from './bench-server.ts';
import { machine } from './report.ts';

/**
 * Private messages (issue 13, point 8). Send to delivery: a message sent over HTTP (POST
 * v1/me/private-messages/conversations/{id}) until the other member's bus socket receives its event, one after the
 * other, against the bus's own fan-out of the same event (published on the pubsub, received on the same socket) as
 * the baseline. Senders take turns so the per-account sending limit stays out of the way. Then the conversation
 * list of a musician with CONVERSATIONS conversations (seeded), through the API (inject), pages and searches mixed.
 */

export interface MessagesTiming {
  name: string;
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface MessagesReport {
  date: string;
  machine: ReturnType<typeof machine>;
  database: string;
  conversations: number;
  rows: MessagesTiming[];
  /** Send-to-delivery p99 over the fan-out baseline's p99 (target: at most 2). */
  deliveryRatioP99: number;
  /** The same over the second baseline (an HTTP call, then the fan-out). */
  deliveryRatioToHttpP99: number;
  /** The p50s over the same two baselines' p50s. */
  deliveryRatioP50: number;
  deliveryRatioToHttpP50: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (n: number) => Math.round(n * 100) / 100;
const timing = (name: string, samples: number[]): MessagesTiming => {
  const sorted = [...samples].sort((a, b) => a - b);
  const [p50Ms, p99Ms, maxMs] = [quantile(sorted, 0.5), quantile(sorted, 0.99), sorted.at(-1)!].map(round);
  return { name, count: samples.length, p50Ms: p50Ms!, p99Ms: p99Ms!, maxMs: maxMs! };
};

/** A bus socket that hands each frame to whoever waits for it by a key (a message's contents). */
async function listen(origin: string, token: string, topic: string) {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/bus?token=${encodeURIComponent(token)}`);
  const waiting = new Map<string, () => void>();
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { data?: { message?: { contents?: string } } };
    const key = frame.data?.message?.contents;
    if (key !== undefined) waiting.get(key)?.();
  });
  await new Promise<void>((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ command: 'SUBSCRIBE', topic }));
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    next: (key: string) => new Promise<void>((resolve) => waiting.set(key, resolve)),
    close: () => ws.close(),
  };
}

export async function runMessagesBench(options: {
  webDist: string;
  logLevel: string;
  databaseUrl?: string;
  messages: number;
  conversations: number;
  listCalls: number;
}): Promise<MessagesReport> {
  const { dataDir, config } = await benchServerConfig('messages', options);
  const app = await buildApp(config);
  const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
  const db = app.tutti.database.db;
  const mailDir = path.join(dataDir, 'mail');
  const api = async <T>(user: SignedIn, method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${origin}/api/${route}`, {
      method,
      headers: { ...user.headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  try {
    const reader = await signInBenchUser(origin, mailDir);
    const readerId = (await api<{ id: string }>(reader, 'GET', 'v1/me')).id;
    const senderCount = Math.ceil(options.messages / (MESSAGES_PER_MINUTE - 1));
    const senders: { user: SignedIn; conversation: string }[] = [];
    for (let i = 0; i < senderCount; i += 1) {
      const user = await signInBenchUser(origin, mailDir);
      const { id } = await api<{ id: string }>(user, 'POST', 'v1/me/private-messages/conversations', {
        accountId: readerId,
      });
      senders.push({ user, conversation: id });
    }
    const topic = busTopics.privateMessages(readerId);
    const socket = await listen(origin, reader.accessToken, topic);
    const WARMUP = 20;

    const delivery: number[] = [];
    let sample: unknown = null;
    for (let i = 0; i < options.messages + WARMUP; i += 1) {
      const { user, conversation } = senders[i % senders.length]!;
      const contents = `bench message ${i} ${randomUUID()}`;
      const arrived = socket.next(contents);
      const started = performance.now();
      sample = await api(user, 'POST', `v1/me/private-messages/conversations/${conversation}`, {
        contents,
        clientMessageId: randomUUID(),
      });
      await arrived;
      if (i >= WARMUP) delivery.push(performance.now() - started);
    }
    const fanOut: number[] = [];
    for (let i = 0; i < options.messages + WARMUP; i += 1) {
      const contents = `baseline ${i} ${randomUUID()}`;
      const arrived = socket.next(contents);
      const started = performance.now();
      await app.tutti.pubsub.publish(topic, {
        event: 'message',
        message: { ...(sample as object), contents },
        unreadConversations: 1,
      });
      await arrived;
      if (i >= WARMUP) fanOut.push(performance.now() - started);
    }
    // A second baseline: a signed-in HTTP call (GET v1/me) then the same fan-out, i.e. the send minus its writes.
    const httpFanOut: number[] = [];
    for (let i = 0; i < options.messages + WARMUP; i += 1) {
      const contents = `http baseline ${i} ${randomUUID()}`;
      const arrived = socket.next(contents);
      const started = performance.now();
      await api(reader, 'GET', 'v1/me');
      await app.tutti.pubsub.publish(topic, {
        event: 'message',
        message: { ...(sample as object), contents },
        unreadConversations: 1,
      });
      await arrived;
      if (i >= WARMUP) httpFanOut.push(performance.now() - started);
    }
    socket.close();

    // The list: CONVERSATIONS other musicians, one conversation and one message each, written in bulk.
    const tag = randomUUID().slice(0, 6);
    await db.execute(sql`INSERT INTO accounts (email, username, password_hash, birthdate, nals_token, validated_at)
      SELECT 'bench-pm-' || ${tag} || '-' || g || '@example.com', 'pm' || ${tag} || g, 'x', '1990-01-01',
        'tok-pm-' || ${tag} || '-' || g, now() FROM generate_series(1, ${options.conversations}) g`);
    await db.execute(sql`INSERT INTO conversations (member_low, member_high, created_at)
      SELECT least(a.id, ${readerId}::uuid), greatest(a.id, ${readerId}::uuid), now() - (random() * interval '30 days')
      FROM accounts a WHERE a.email LIKE ${`bench-pm-${tag}-%`}`);
    await db.execute(sql`INSERT INTO conversation_members (conversation_id, account_id, other_id, updated_at, unread_count)
      SELECT c.id, m.account_id, m.other_id, c.created_at, (random() * 3)::int FROM conversations c
      CROSS JOIN LATERAL (VALUES (c.member_low, c.member_high), (c.member_high, c.member_low)) m(account_id, other_id)
      WHERE ${readerId}::uuid IN (c.member_low, c.member_high)
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO private_messages (conversation_id, author_id, contents, client_message_id, sent_at)
      SELECT c.id, CASE WHEN c.member_low = ${readerId}::uuid THEN c.member_high ELSE c.member_low END,
        'hello from the bench', gen_random_uuid(), c.created_at
      FROM conversations c WHERE ${readerId}::uuid IN (c.member_low, c.member_high)`);
    await db.execute(sql`ANALYZE`);
    const listed: number[] = [];
    for (let i = 0; i < options.listCalls + WARMUP; i += 1) {
      const query = i % 5 === 4 ? `q=pm${tag}${(i % 90) + 10}` : `p=${1 + (i % 4)}&size=20`;
      const started = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/me/private-messages/conversations?${query}`,
        headers: reader.headers,
      });
      if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i >= WARMUP) listed.push(performance.now() - started);
    }
    const rows = [
      timing('baseline: the bus fan-out of the same event', fanOut),
      timing('baseline: GET v1/me over HTTP, then the same fan-out', httpFanOut),
      timing('send (HTTP) to delivery on the bus', delivery),
      timing(`GET conversations, ${options.conversations} of them (pages and searches)`, listed),
    ];
    return {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      machine: machine(),
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      conversations: options.conversations,
      rows,
      deliveryRatioP99: round(rows[2]!.p99Ms / rows[0]!.p99Ms),
      deliveryRatioToHttpP99: round(rows[2]!.p99Ms / rows[1]!.p99Ms),
      deliveryRatioP50: round(rows[2]!.p50Ms / rows[0]!.p50Ms),
      deliveryRatioToHttpP50: round(rows[2]!.p50Ms / rows[1]!.p50Ms),
    };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function messagesMarkdownSection(reports: MessagesReport[]): string {
  const first = reports[0]!;
  const lines = [
    `## ${first.date}: private messages (\`BENCH_ONLY=messages\`)`,
    '',
    `${first.machine.cpu}, ${first.machine.cores} cores, Node ${first.machine.node}. Messages sent one after the ` +
      "other over HTTP, timed until the other member's bus socket receives them; baseline: the same event published " +
      `on the pubsub and received on the same socket. Then the list of a musician with ${first.conversations} ` +
      'conversations (inject). 20 warm-up calls each. Targets: delivery p99 ≤ 2 × the baseline p99; list p99 ≤ 50 ms.',
    '',
    '| database | measure | count | p50 ms | p99 ms | max ms |',
    '|---|---|---:|---:|---:|---:|',
    ...reports.flatMap((r) =>
      r.rows.map(
        (row) => `| ${r.database} | ${row.name} | ${row.count} | ${row.p50Ms} | ${row.p99Ms} | ${row.maxMs} |`,
      ),
    ),
    '',
    ...reports.map(
      (r) =>
        `${r.database}: send to delivery p99 is ${r.deliveryRatioP99} × the fan-out baseline's p99 ` +
        `(p50: ${r.deliveryRatioP50} ×) and ${r.deliveryRatioToHttpP99} × the HTTP-then-fan-out baseline's p99 ` +
        `(p50: ${r.deliveryRatioToHttpP50} ×). Target (p99 ≤ 2 × the fan-out baseline's p99): ` +
        `${r.deliveryRatioP99 <= 2 ? 'met' : 'missed'}.`,
    ),
    '',
  ];
  return lines.join('\n');
}
