import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NALS_TOPIC_PATTERN } from '@tutti/contract/nals';
import { INJECTABLE_FAULTS, isInjectableFault, type InjectableFault } from './engine/faults.ts';
import { LOG_LEVELS, type LogLevel } from './log.ts';
import { DEFAULT_SERVER } from './server-broker.ts';
import { PACKAGE_VERSION } from './version.ts';

export interface CliOptions {
  token: string;
  broker: string;
  version: string;
  statePort: number | null;
  faults: InjectableFault[];
  recordingsDir: string;
  chat: { from: string; text: string } | null;
  logLevel: LogLevel;
  /** Milliseconds added to every datagram sent to a room (`--latency`), as on a distant network; 0 by default. */
  latencyMs?: number;
}

/** The command line read: the broker named (`--broker` or the link's), or null to ask `server` for it. */
export type ParsedOptions = Omit<CliOptions, 'broker'> & { broker: string | null; server: string };

export type CliResult =
  { kind: 'run'; options: ParsedOptions } | { kind: 'help'; text: string } | { kind: 'error'; message: string };

export const HELP_TEXT = `tutti-nals ${PACKAGE_VERSION}: the Tutti audio client (NALS) emulator.

The audio engine is SIMULATED: no sound card is opened and no sound is played. The client speaks the real
protocol (MQTT to the broker, UDP to room servers) with generated audio, so the web app can be used and tested
on any machine.

Usage:
  npm run nals -- --token TOKEN [options]
  npm run nals -- 'nals://start?token=TOKEN&broker=URL'

Options:
  --token TOKEN         your audio client token (nalsToken of GET v1/me, shown by the web app)
  --server URL          the Tutti server whose broker to use: its address is read from the server's
                        v1/config (default ${DEFAULT_SERVER})
  --broker URL          the MQTT over WebSocket broker itself (e.g. ws://localhost:8083); the server is then
                        not asked
  --version X.Y.Z       the client version to behave as (default ${PACKAGE_VERSION}); older versions lack the
                        features they lacked: recordings list/delete < 0.6.4, ping < 0.9.0, effects < 0.10.0,
                        chorus < 0.10.2, preferred frame size < 0.11.0
  --state-port N        serve this client's state as JSON on http://127.0.0.1:N/state (for tests)
  --recordings DIR      folder for recordings (default: a folder in the system temp directory)
  --fail CODE[,CODE]    simulate failures: ${INJECTABLE_FAULTS.join(', ')}
  --chat FROM:TEXT      relay one private chat message after start (the emulator has no chat source of its own)
  --latency MS          delay every datagram sent to a room by MS milliseconds (0-2000), as on a distant network:
                        the round trip grows by that much (to try the self-check's verdict)
  --log-level LEVEL     ${LOG_LEVELS.join(', ')} (default info)
  --help                this text
`;

const VERSION_PATTERN = /^\d+\.\d+\.\d+$/;
const BROKER_PROTOCOLS = new Set(['ws:', 'wss:', 'mqtt:', 'mqtts:', 'tcp:']);

const VALUE_FLAGS = new Set([
  '--token',
  '--server',
  '--broker',
  '--version',
  '--state-port',
  '--recordings',
  '--fail',
  '--chat',
  '--latency',
  '--log-level',
]);

/** The flags this client knows, value or not: `--name` or `--name=…`, and `-h`. */
const isKnownFlag = (arg: string): boolean =>
  arg === '-h' || arg === '--help' || VALUE_FLAGS.has(arg.split('=')[0] as string);

/**
 * `--token -x…` as `--token=-x…`: tokens are base64url and may start with '-', or with '--', which parseArgs would take
 * for a flag. A value flag takes the next argument as its value unless that one is a flag this client knows.
 */
function joinValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    if (VALUE_FLAGS.has(arg) && next !== undefined && next.startsWith('-') && !isKnownFlag(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** What is wrong with a broker address, or null: MQTT over WebSocket or TCP. */
export function checkBroker(broker: string): string | null {
  let url: URL;
  try {
    url = new URL(broker);
  } catch {
    return `invalid broker URL "${broker}"`;
  }
  return BROKER_PROTOCOLS.has(url.protocol) ? null : `unsupported broker URL "${broker}"`;
}

/** Reads the command line: flags, or a `nals://start?...` link (flags given as well win over the link). */
export function parseCli(argv: string[]): CliResult {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinValues(argv),
      allowPositionals: true,
      options: {
        token: { type: 'string' },
        server: { type: 'string' },
        broker: { type: 'string' },
        version: { type: 'string' },
        'state-port': { type: 'string' },
        recordings: { type: 'string' },
        fail: { type: 'string' },
        chat: { type: 'string' },
        latency: { type: 'string' },
        'log-level': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return { kind: 'error', message: err instanceof Error ? err.message : String(err) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help', text: HELP_TEXT };

  const link: Record<string, string> = {};
  for (const p of positionals) {
    if (!p.startsWith('nals://')) return { kind: 'error', message: `unexpected argument "${p}"` };
    const url = new URL(p);
    if (url.hostname !== 'start')
      return { kind: 'error', message: `unknown link "${p}" (expected nals://start?token=…)` };
    for (const [k, v] of url.searchParams) link[k] = v;
  }

  const token = values.token ?? link.token;
  if (!token) return { kind: 'error', message: 'a token is needed: --token TOKEN or nals://start?token=TOKEN' };
  if (!NALS_TOPIC_PATTERN.test(`/topic/nals/${token}/in`))
    return { kind: 'error', message: 'the token has invalid characters' };

  const broker = values.broker ?? link.broker ?? null;
  const brokerProblem = broker === null ? null : checkBroker(broker);
  if (brokerProblem) return { kind: 'error', message: brokerProblem };

  const server = values.server ?? DEFAULT_SERVER;
  let serverUrl: URL | null = null;
  try {
    serverUrl = new URL(server);
  } catch {
    // said below
  }
  if (serverUrl?.protocol !== 'http:' && serverUrl?.protocol !== 'https:')
    return { kind: 'error', message: `invalid server URL "${server}" (expected http(s)://host:port)` };

  const version = values.version ?? link.version ?? PACKAGE_VERSION;
  if (!VERSION_PATTERN.test(version))
    return { kind: 'error', message: `invalid version "${version}" (expected X.Y.Z)` };

  let statePort: number | null = null;
  if (values['state-port'] !== undefined) {
    statePort = Number(values['state-port']);
    if (!Number.isInteger(statePort) || statePort < 0 || statePort > 65535)
      return { kind: 'error', message: 'invalid --state-port' };
  }

  const faults: InjectableFault[] = [];
  for (const code of (values.fail ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)) {
    if (!isInjectableFault(code))
      return { kind: 'error', message: `unknown failure "${code}"; one of ${INJECTABLE_FAULTS.join(', ')}` };
    faults.push(code);
  }

  let chat: CliOptions['chat'] = null;
  if (values.chat !== undefined) {
    const at = values.chat.indexOf(':');
    if (at <= 0 || at === values.chat.length - 1) return { kind: 'error', message: '--chat needs FROM:TEXT' };
    chat = { from: values.chat.slice(0, at), text: values.chat.slice(at + 1) };
  }

  const latencyMs = Number(values.latency ?? 0);
  // Bounded below the ping timeout's order of magnitude: a larger delay would only read as lost packets.
  if (!Number.isInteger(latencyMs) || latencyMs < 0 || latencyMs > 2000)
    return { kind: 'error', message: 'invalid --latency (0 to 2000 ms)' };

  const logLevel = values['log-level'] ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    return { kind: 'error', message: `invalid --log-level "${logLevel}"` };

  return {
    kind: 'run',
    options: {
      token,
      broker,
      server,
      version,
      statePort,
      faults,
      recordingsDir: values.recordings ?? join(tmpdir(), 'tutti-nals-recordings'),
      chat,
      logLevel: logLevel as LogLevel,
      latencyMs,
    },
  };
}
