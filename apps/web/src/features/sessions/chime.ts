import { createStore, useStore } from 'zustand';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

export type Chime = 'join' | 'leave';

/** The rehearsal's join and leave sound: on unless the musician turned it off (kept in this browser). */
export const chimePreference = createStore<{ on: boolean }>(() => ({
  on: readStored(STORAGE_KEYS.joinLeaveSound) !== '0',
}));

export function setChimeOn(on: boolean): void {
  writeStored(STORAGE_KEYS.joinLeaveSound, on ? '1' : '0');
  chimePreference.setState({ on });
}

export const useChimeOn = (): boolean => useStore(chimePreference, (s) => s.on);

/** What a session event asks of the chime: another musician's join or leave, heard only while I am in the room. */
export function chimeFor(
  event: { event: string; musician?: { id: string } },
  myId: string | null,
  inRoom: boolean,
  on: boolean,
): Chime | null {
  if (!on || !inRoom || !event.musician || event.musician.id === myId) return null;
  return event.event === 'joined' ? 'join' : event.event === 'left' ? 'leave' : null;
}

// A soft two-note chime: a fourth up for a join, down for a leave; about 150 ms, quiet.
const NOTES: Record<Chime, [number, number]> = { join: [659.25, 880], leave: [880, 659.25] };
const NOTE_SECONDS = 0.075;
const VOLUME = 0.06;

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor: AudioContextClass | undefined =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/**
 * Browsers keep a page's sound suspended until a click or a key: the first gesture on the rehearsal page creates
 * (or resumes) the context, so the chimes that follow can be heard. Returns the cleanup.
 */
export function unlockChimeOnGesture(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const unlock = () => {
    const ctx = audioContext();
    if (ctx?.state === 'suspended') ctx.resume().catch(() => undefined);
  };
  window.addEventListener('pointerdown', unlock, { capture: true });
  window.addEventListener('keydown', unlock, { capture: true });
  return () => {
    window.removeEventListener('pointerdown', unlock, { capture: true });
    window.removeEventListener('keydown', unlock, { capture: true });
  };
}

/** Plays the chime; without Web Audio, or with sound still blocked, nothing happens and nothing is said. */
export function playChime(chime: Chime): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    if (ctx.state === 'suspended') ctx.resume().catch(() => undefined);
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    const start = ctx.currentTime + 0.01;
    gain.gain.setValueAtTime(0, start);
    NOTES[chime].forEach((frequency, i) => {
      const at = start + i * NOTE_SECONDS;
      const note = ctx.createOscillator();
      note.type = 'sine';
      note.frequency.setValueAtTime(frequency, at);
      // A short attack and a soft decay: no click at either end.
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_SECONDS);
      note.connect(gain);
      note.start(at);
      note.stop(at + NOTE_SECONDS);
    });
  } catch {
    // A chime is a courtesy: any failure stays silent.
  }
}
