import { describe, expect, it } from 'vitest';
import { HELP_TEXT, parseCli } from '../src/cli.ts';
import { DEFAULT_SERVER } from '../src/server-broker.ts';

describe('command line', () => {
  it('reads --token with the documented defaults: the broker is asked of the server on port 8080', () => {
    const r = parseCli(['--token', 'abc_DEF-123']);
    expect(DEFAULT_SERVER).toBe('http://localhost:8080');
    expect(r).toMatchObject({
      kind: 'run',
      options: {
        token: 'abc_DEF-123',
        broker: null,
        server: DEFAULT_SERVER,
        version: '0.11.0',
        statePort: null,
        faults: [],
        chat: null,
        latencyMs: 0,
      },
    });
  });

  it('reads a token that starts with a dash (base64url tokens may)', () => {
    expect(parseCli(['--token', '-AtIQ-a6Qz', '--broker', 'ws://localhost:8193'])).toMatchObject({
      kind: 'run',
      options: { token: '-AtIQ-a6Qz', broker: 'ws://localhost:8193' },
    });
  });

  it('reads a token that starts with two dashes, and still sees a missing value before a flag it knows', () => {
    expect(parseCli(['--token', '--6kpv8fyN9C0', '--broker', 'ws://localhost:8193'])).toMatchObject({
      kind: 'run',
      options: { token: '--6kpv8fyN9C0', broker: 'ws://localhost:8193' },
    });
    expect(parseCli(['--token', '--broker', 'ws://localhost:8193'])).toMatchObject({ kind: 'error' });
  });

  it('reads every flag', () => {
    const r = parseCli([
      '--token=t1',
      '--server',
      'https://tutti.example:8443',
      '--broker',
      'wss://broker.example:8084',
      '--version',
      '0.9.0',
      '--state-port',
      '7777',
      '--fail',
      'AUDIO_DRIVER_NOT_STARTED, DOWNLOAD_FAILED',
      '--recordings',
      '/tmp/recs',
      '--chat',
      'bob:see you at 8: ok?',
      '--log-level',
      'debug',
      '--latency',
      '60',
    ]);
    expect(r).toEqual({
      kind: 'run',
      options: {
        token: 't1',
        broker: 'wss://broker.example:8084',
        server: 'https://tutti.example:8443',
        version: '0.9.0',
        statePort: 7777,
        faults: ['AUDIO_DRIVER_NOT_STARTED', 'DOWNLOAD_FAILED'],
        recordingsDir: '/tmp/recs',
        chat: { from: 'bob', text: 'see you at 8: ok?' },
        logLevel: 'debug',
        latencyMs: 60,
      },
    });
  });

  it('refuses a --latency that is not a whole number of ms from 0 to 2000', () => {
    for (const value of ['-5', '2001', '1.5', 'slow']) {
      expect(parseCli(['--token', 't', '--latency', value])).toEqual({
        kind: 'error',
        message: 'invalid --latency (0 to 2000 ms)',
      });
    }
  });

  it('reads a nals://start link; flags win over it', () => {
    const link = 'nals://start?token=tok9&broker=ws%3A%2F%2Fhost%3A9000&version=0.10.2';
    expect(parseCli([link])).toMatchObject({
      kind: 'run',
      options: { token: 'tok9', broker: 'ws://host:9000', version: '0.10.2' },
    });
    expect(parseCli([link, '--version', '0.11.0'])).toMatchObject({ options: { version: '0.11.0' } });
  });

  it.each([
    [[], /token is needed/],
    [['--token', 'a/b'], /invalid characters/],
    [['--token', 't', '--version', '1.2'], /invalid version/],
    [['--token', 't', '--broker', 'http://x'], /unsupported broker/],
    [['--token', 't', '--server', 'ws://x:8083'], /invalid server URL/],
    [['--token', 't', '--server', 'localhost:8080'], /invalid server URL/],
    [['--token', 't', '--fail', 'EVERYTHING'], /unknown failure/],
    [['--token', 't', '--state-port', 'abc'], /state-port/],
    [['--token', 't', '--chat', 'no-colon'], /FROM:TEXT/],
    [['--token', 't', '--bogus'], /Unknown option/],
    [['nals://other?token=t'], /unknown link/],
    [['stray'], /unexpected argument/],
  ])('refuses %j', (argv, message) => {
    const r = parseCli(argv);
    expect(r.kind).toBe('error');
    expect(r.kind === 'error' && r.message).toMatch(message);
  });

  it('--help says the engine is simulated', () => {
    expect(parseCli(['--help'])).toEqual({ kind: 'help', text: HELP_TEXT });
    expect(HELP_TEXT).toMatch(/SIMULATED: no sound card/);
  });
});
