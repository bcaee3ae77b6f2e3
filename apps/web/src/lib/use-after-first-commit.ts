import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has painted what is on screen now, and returns a cancel function. An effect may
 * run before the frame is painted, and a task queued from that frame's animation callback may still run before the
 * frame is shown: the second animation frame begins once the first has been produced, and the task it queues runs
 * after it. Code requested from here is not on the wire before the page's largest paint (issue 9).
 */
export function afterPaint(callback: () => void): () => void {
  let timer: number | undefined;
  let second: number | undefined;
  const first = requestAnimationFrame(() => {
    second = requestAnimationFrame(() => {
      timer = window.setTimeout(callback, 0);
    });
  });
  return () => {
    cancelAnimationFrame(first);
    if (second !== undefined) cancelAnimationFrame(second);
    window.clearTimeout(timer);
  };
}

/**
 * False until the browser has painted the component's first commit, then true. The signed-in layout's extras
 * (header menus, invitation badge, upgrade banner, driver alert, the bus and the audio client's link) and the hall's
 * own extras wait for it, so the first page's content is requested, rendered and painted before their code loads,
 * not competing with it on a slow connection (issue 9). On later navigations the layout is already mounted: nothing
 * waits.
 */
export function useAfterFirstCommit(): boolean {
  const [painted, setPainted] = useState(false);
  // A transition: React renders what waited in slices of a few milliseconds, yielding to the browser between them,
  // instead of one task that blocks input for the whole of it (issue 9: total blocking time).
  useEffect(() => afterPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}
