import { useEffect, useRef, useState } from 'react';
import type { NalsSignalData } from '@tutti/contract/nals';
import { useNals } from './nals-store';
import { elapsedSeconds } from './recording-time';

export type RecordingInProgress = NalsSignalData<'recording'>;

/** The recording in progress and its whole seconds so far, ticking every second while it lasts. */
export function useRecordingClock(): { recording: RecordingInProgress | null; elapsed: number } {
  const recording = useNals((s) => s.recording);
  const [now, setNow] = useState(() => Date.now());
  const active = recording !== null;
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return { recording, elapsed: recording ? elapsedSeconds(recording.startedAt, recording.maxSeconds, now) : 0 };
}

/**
 * The recording that just ended while this view was open (stopped, or at its limit): its file is complete. Null
 * again once a new recording starts; a client that went away (bye) saved nothing anyone should be told about.
 */
export function useSavedRecording(): RecordingInProgress | null {
  const recording = useNals((s) => s.recording);
  const isConnected = useNals((s) => s.isConnected);
  const [saved, setSaved] = useState<RecordingInProgress | null>(null);
  const previous = useRef(recording);
  useEffect(() => {
    const ended = previous.current;
    previous.current = recording;
    if (recording) setSaved(null);
    else if (ended && isConnected) setSaved(ended);
  }, [recording, isConnected]);
  return saved;
}
