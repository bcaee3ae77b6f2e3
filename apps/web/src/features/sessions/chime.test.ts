import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';

type ChimeModule = typeof import('./chime');
// Each test gets the module fresh: its preference is read from storage, and its audio context made, once per load.
const load = async (): Promise<ChimeModule> => {
  vi.resetModules();
  return import('./chime');
};

const ANA = { id: 'ana' };
const BEN = { id: 'ben' };

describe('when the chime plays', () => {
  it('for another musician joining or leaving, while I am in the room and it is on', async () => {
    const { chimeFor } = await load();
    expect(chimeFor({ event: 'joined', musician: BEN }, ANA.id, true, true)).toBe('join');
    expect(chimeFor({ event: 'left', musician: BEN }, ANA.id, true, true)).toBe('leave');
  });

  it('never for my own join or leave, outside the room, when turned off, or for other events', async () => {
    const { chimeFor } = await load();
    expect(chimeFor({ event: 'joined', musician: ANA }, ANA.id, true, true)).toBeNull();
    expect(chimeFor({ event: 'left', musician: ANA }, ANA.id, true, true)).toBeNull();
    expect(chimeFor({ event: 'joined', musician: BEN }, ANA.id, false, true)).toBeNull();
    expect(chimeFor({ event: 'joined', musician: BEN }, ANA.id, true, false)).toBeNull();
    expect(chimeFor({ event: 'updated' }, ANA.id, true, true)).toBeNull();
    expect(chimeFor({ event: 'ended' }, ANA.id, true, true)).toBeNull();
  });
});

describe('the chime preference', () => {
  it('is on by default, and a change is kept for the next visit', async () => {
    let chime = await load();
    expect(chime.chimePreference.getState().on).toBe(true);
    chime.setChimeOn(false);
    expect(chime.chimePreference.getState().on).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.joinLeaveSound)).toBe('0');

    chime = await load();
    expect(chime.chimePreference.getState().on).toBe(false);
    chime.setChimeOn(true);
    chime = await load();
    expect(chime.chimePreference.getState().on).toBe(true);
  });

  it('stays on when storage is unavailable', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('private mode');
    });
    const chime = await load();
    expect(chime.chimePreference.getState().on).toBe(true);
    vi.restoreAllMocks();
  });
});

/** Just enough of Web Audio to count the notes. */
class FakeAudioContext {
  static made = 0;
  static notes: number[] = [];
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = {};
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  constructor() {
    FakeAudioContext.made++;
  }
  createGain() {
    const param = { setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() };
    return { gain: param, connect: vi.fn() };
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: { setValueAtTime: (f: number) => FakeAudioContext.notes.push(f) },
      connect: vi.fn(),
      start: vi.fn(),
      stop: vi.fn(),
    };
  }
}

describe('playing the chime', () => {
  beforeEach(() => {
    FakeAudioContext.made = 0;
    FakeAudioContext.notes = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('plays two notes, up for a join and down for a leave, from one audio context', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { playChime } = await load();
    playChime('join');
    playChime('leave');
    expect(FakeAudioContext.made).toBe(1);
    const [a, b, c, d] = FakeAudioContext.notes as [number, number, number, number];
    expect(FakeAudioContext.notes).toHaveLength(4);
    expect(b).toBeGreaterThan(a);
    expect(d).toBeLessThan(c);
  });

  it('resumes a suspended context on the first click or key on the page', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { unlockChimeOnGesture } = await load();
    const stop = unlockChimeOnGesture();
    window.dispatchEvent(new Event('pointerdown'));
    expect(FakeAudioContext.made).toBe(1);
    stop();
  });

  it('is silent without Web Audio, and when the audio context fails', async () => {
    vi.stubGlobal('AudioContext', undefined);
    let chime = await load();
    expect(() => chime.playChime('join')).not.toThrow();

    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('NotAllowedError');
        }
      },
    );
    chime = await load();
    expect(() => chime.playChime('leave')).not.toThrow();
    expect(() => chime.unlockChimeOnGesture()()).not.toThrow();
  });
});
