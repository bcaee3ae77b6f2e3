import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { State } from './sandbox-api.ts';

/** The journal is folded into the state file once it outgrows both this and the state file itself. */
const COMPACT_AT_BYTES = 4 * 1024 * 1024;

type Collection = keyof State;
const COLLECTIONS: Collection[] = [
  'customers',
  'paymentMethods',
  'setupIntents',
  'paymentIntents',
  'refunds',
  'replies',
];
/** One journal line: a top-level object of a collection as it now is, or its deletion. */
type Entry = { c: Collection; k: string; v?: unknown; d?: true };

export interface SandboxStore {
  /** The state the routes read and change (changes are tracked when there is a file). */
  state: State;
  /** Makes every change so far durable (written and fsynced): the sandbox answers only after it resolves. Changes of
   *  requests answered at the same moment share one fsync. */
  commit(): Promise<void>;
  close(): Promise<void>;
}

const emptyState = (): State => ({
  customers: {},
  paymentMethods: {},
  setupIntents: {},
  paymentIntents: {},
  refunds: {},
  replies: {},
});

/**
 * The sandbox's durable state (issue 29: "the sandbox writes each change durably before it answers"; it stands in for
 * a service that never forgets a customer). `<file>` holds a snapshot, `<file>.journal` the objects changed since, one
 * JSON line each (the whole object, so replaying the lines in order over the snapshot gives the state; a line torn by
 * a crash mid-write is the tail of a change that was never answered, and is skipped). The journal is folded into the
 * snapshot when it grows: temp file, fsync, rename, then the journal is emptied.
 *
 * Tracking: every collection is a proxy that notes the keys read or written; the sandbox's routes are synchronous, so
 * the keys noted between a request's start and its commit are its own (reading a key notes it too: a nested change,
 * `customer.invoice_settings.default_payment_method = …`, goes through a read of the customer).
 */
export async function openSandboxStore(file: string | null | undefined): Promise<SandboxStore> {
  if (!file) return { state: emptyState(), commit: async () => undefined, close: async () => undefined };
  const journalFile = `${file}.journal`;
  mkdirSync(dirname(file), { recursive: true });
  const raw = loadSnapshot(file);
  let replayed = 0;
  try {
    for (const line of readFileSync(journalFile, 'utf8').split('\n')) {
      if (!line) continue;
      let entry: Entry;
      try {
        entry = JSON.parse(line) as Entry;
      } catch {
        continue; // torn by a crash mid-write: never answered
      }
      const target = raw[entry.c] as Record<string, unknown> | undefined;
      if (!target) continue;
      if (entry.d) delete target[entry.k];
      else target[entry.k] = entry.v;
      replayed += 1;
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }

  const touched = new Map<Collection, Set<string>>(COLLECTIONS.map((c) => [c, new Set<string>()]));
  const state = {} as State;
  for (const c of COLLECTIONS) {
    const seen = touched.get(c)!;
    (state as unknown as Record<string, unknown>)[c] = new Proxy(raw[c] as Record<string, unknown>, {
      get(target, key, receiver) {
        if (typeof key === 'string' && Object.hasOwn(target, key)) seen.add(key);
        return Reflect.get(target, key, receiver) as unknown;
      },
      set(target, key, value, receiver) {
        if (typeof key === 'string') seen.add(key);
        return Reflect.set(target, key, value, receiver);
      },
      deleteProperty(target, key) {
        if (typeof key === 'string') seen.add(key);
        return Reflect.deleteProperty(target, key);
      },
    });
  }

  let journal: FileHandle = await open(journalFile, 'a', 0o600);
  let journalBytes = replayed > 0 ? statSync(journalFile).size : 0;
  let snapshotBytes = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  const compact = async () => {
    const text = JSON.stringify(raw);
    const tmp = `${file}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
    syncDir(dirname(file));
    await journal.truncate(0);
    await journal.datasync();
    journalBytes = 0;
    snapshotBytes = Buffer.byteLength(text);
  };
  // A journal replayed at start is folded at once: the next start reads one file.
  if (replayed > 0) await compact();

  /** The lines of every key noted since the last call, as they are now. */
  const drainTouched = (): string => {
    let lines = '';
    for (const [c, keys] of touched) {
      const target = raw[c] as Record<string, unknown>;
      for (const k of keys) {
        const entry: Entry = Object.hasOwn(target, k) ? { c, k, v: target[k] } : { c, k, d: true };
        lines += `${JSON.stringify(entry)}\n`;
      }
      keys.clear();
    }
    return lines;
  };
  drainTouched(); // what loading and the routes' own index read is not a change

  let pending = '';
  let flushing: Promise<void> | null = null;
  const flush = async (): Promise<void> => {
    while (pending) {
      const lines = pending;
      pending = '';
      await journal.appendFile(lines);
      await journal.datasync();
      journalBytes += Buffer.byteLength(lines);
    }
    if (journalBytes > Math.max(COMPACT_AT_BYTES, snapshotBytes)) await compact();
  };

  return {
    state,
    async commit() {
      pending += drainTouched();
      // One writer at a time; whoever comes while it writes is taken by its next loop, and waits for it.
      while (flushing) await flushing;
      if (!pending) return;
      flushing = flush().finally(() => (flushing = null));
      await flushing;
    },
    async close() {
      while (flushing) await flushing;
      pending += drainTouched();
      await flush();
      await compact();
      await journal.close();
      journal = undefined as unknown as FileHandle;
    },
  };
}

function loadSnapshot(file: string): State {
  try {
    return { ...emptyState(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<State>) };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return emptyState();
    throw new Error(`The payment sandbox's state file ${file} cannot be read: ${(e as Error).message}`);
  }
}

/** A rename is durable once its folder is synced (POSIX); some systems refuse to open a folder: then it is not. */
function syncDir(dir: string) {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // best effort
  }
}
