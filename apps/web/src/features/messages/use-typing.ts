import { useCallback, useEffect, useRef, useState } from 'react';
import { busTopics } from '@tutti/contract/bus-topics';
import { TYPING_EXPIRY_MS, TYPING_REPEAT_MS } from '@tutti/contract/messages';
import { publishBus, useBusEvent } from '../../lib/use-bus';

/** A pause this long in the typing counts as stopping (the other page then hides "is typing…" at once). */
export const TYPING_PAUSE_MS = TYPING_REPEAT_MS + 1_000;

/**
 * Whether the other member is typing in this conversation (`/conversations/{id}/typing`): shown on their signal,
 * gone on their "stopped", or by itself TYPING_EXPIRY_MS after the last one (a page closed mid-sentence says
 * nothing more). `clear` hides it at once (their message arrived).
 */
export function useOtherTyping(conversationId: string, myId: string): { typing: boolean; clear: () => void } {
  const [typing, setTyping] = useState(false);
  const timer = useRef<number | null>(null);
  const clear = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    setTyping(false);
  }, []);
  useEffect(() => clear, [conversationId, clear]);
  useBusEvent(busTopics.typing(conversationId), 'TypingEventSchema', (event) => {
    if (event.accountId === myId) return; // my own other tab
    clear();
    if (!event.typing) return;
    setTyping(true);
    timer.current = window.setTimeout(clear, TYPING_EXPIRY_MS);
  });
  return { typing, clear };
}

/**
 * Says that I am typing: `{typing: true}` on the first keystroke and again every TYPING_REPEAT_MS while the typing
 * goes on, `{typing: false}` after a pause, when the text is emptied, on send, and when the thread closes.
 */
export function useTypingPublisher(conversationId: string): { input: (text: string) => void; stop: () => void } {
  const topic = busTopics.typing(conversationId);
  const active = useRef(false);
  const lastSent = useRef(0);
  const pause = useRef<number | null>(null);

  const stop = useCallback(() => {
    if (pause.current !== null) window.clearTimeout(pause.current);
    pause.current = null;
    if (!active.current) return;
    active.current = false;
    publishBus(topic, { typing: false });
  }, [topic]);

  const input = useCallback(
    (text: string) => {
      if (text.trim() === '') {
        stop();
        return;
      }
      const now = Date.now();
      if (!active.current || now - lastSent.current >= TYPING_REPEAT_MS) {
        active.current = true;
        lastSent.current = now;
        publishBus(topic, { typing: true });
      }
      if (pause.current !== null) window.clearTimeout(pause.current);
      pause.current = window.setTimeout(stop, TYPING_PAUSE_MS);
    },
    [topic, stop],
  );

  useEffect(() => stop, [stop]);
  return { input, stop };
}
