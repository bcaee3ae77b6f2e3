import type { MouseEvent } from 'react';

/**
 * A click on a "Tutorial" entry (footer, Help menu): the video opens in the modal (its code and words load on the
 * first opening). With a configured tutorial address the entry is a real link, so a modified click (new tab or
 * window) is left to the browser.
 */
export function onTutorialClick(event: MouseEvent, tutorialUrl: string | null): void {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  void import('./tutorial').then(({ openTutorial }) => openTutorial(tutorialUrl));
}
