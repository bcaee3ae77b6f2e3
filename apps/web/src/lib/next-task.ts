/**
 * Resolves in a task of its own, after the browser has had its turn (input, rendering): the work that follows does not
 * add to the current task. A long start-up split this way blocks the page less (issue 9: total blocking time).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
