import { useEffect, useState } from 'react';

/**
 * False until the browser has painted the component's first commit, then true. The signed-in layout's extras
 * (header menus, invitation badge, upgrade banner, driver alert, the bus and the audio client's link) wait for it,
 * so the first page's content is requested, rendered and painted before their code loads, not competing with it on a
 * slow connection (issue 9). On later navigations the layout is already mounted: nothing waits.
 */
export function useAfterFirstCommit(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // An effect may run before the frame is painted; a task queued from the next animation frame runs after it.
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
