/** How long after a submit an error counts as that submit's answer (a server round trip included). */
export const ANSWER_WINDOW_MS = 15_000;

const INVALID = '[aria-invalid="true"]:not([disabled])';
const ALERT = '[role="alert"]';

/**
 * After a form is sent and refused, focus goes where the problem is: the first invalid field, or the form's error
 * alert when the error is not about a field (WCAG 3.3.1; a screen reader lands on it, a keyboard user fixes it
 * without hunting). One listener for every form of the app, so no form can forget: it watches the submitted form
 * until an invalid field or an alert shows up in it, then moves focus once. Returns the uninstaller.
 */
export function installFocusAfterSubmit(root: Document = document): () => void {
  const watching = new Map<HTMLFormElement, { observer: MutationObserver; timer: number }>();

  const stop = (form: HTMLFormElement) => {
    const w = watching.get(form);
    if (!w) return;
    w.observer.disconnect();
    window.clearTimeout(w.timer);
    watching.delete(form);
  };

  const target = (form: HTMLFormElement): HTMLElement | null => {
    const field = form.querySelector<HTMLElement>(INVALID);
    if (field) return field;
    const alert = form.querySelector<HTMLElement>(ALERT);
    if (!alert) return null;
    // An alert is not focusable by itself: it becomes so, programmatically only.
    if (!alert.hasAttribute('tabindex')) alert.setAttribute('tabindex', '-1');
    return alert;
  };

  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    stop(form);
    const focusProblem = (): boolean => {
      const found = target(form);
      if (!found) return false;
      found.focus();
      stop(form);
      return true;
    };
    // Checked on the next task too: client-side checks render their errors right after the submit event.
    const observer = new MutationObserver(() => void focusProblem());
    observer.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-invalid'] });
    const timer = window.setTimeout(() => stop(form), ANSWER_WINDOW_MS);
    watching.set(form, { observer, timer });
  };

  root.addEventListener('submit', onSubmit, true);
  return () => {
    root.removeEventListener('submit', onSubmit, true);
    for (const form of [...watching.keys()]) stop(form);
  };
}
