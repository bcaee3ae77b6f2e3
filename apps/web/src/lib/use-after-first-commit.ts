import { useEffect, useState } from 'react';

/**
 * False during a component's first render, true from the render after it was committed. The signed-in layout's
 * extras (header menus, invitation badge, upgrade banner, driver alert, the bus and the audio client's link) wait
 * for it, so the first page's content is requested, rendered and painted before their code loads, not competing
 * with it on a slow connection (issue 9). On later navigations the layout is already mounted: nothing waits.
 */
export function useAfterFirstCommit(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => setCommitted(true), []);
  return committed;
}
