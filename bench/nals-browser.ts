import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';

/** What the bench reads of `window.__tuttiNals` (apps/web/src/lib/nals/nals-store.ts: NalsDebugHandle). */
interface NalsHandle {
  getState(): { isConnected: boolean; config: unknown };
  send(command: { action: string; data?: unknown }): boolean;
  onSignal(listener: (message: { signal: string }) => void): () => void;
}
type WithNals = { __tuttiNals?: NalsHandle };

export interface SignedInPage {
  browser: Browser;
  page: Page;
}

/** Headless Chromium signed in through the login form, its header showing the audio client connected. */
export async function openSignedInPage(origin: string, email: string, password: string): Promise<SignedInPage> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/users/login`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/studio/hall', { timeout: 20_000 });
    // Connected, and the answers to the page's hello (config, sound cards, effects) have arrived.
    await page.waitForFunction(
      () => {
        const state = (window as unknown as WithNals).__tuttiNals?.getState();
        return state?.isConnected === true && state.config !== null;
      },
      undefined,
      { timeout: 20_000 },
    );
    await page.waitForTimeout(500);
    return { browser, page };
  } catch (e) {
    await browser.close();
    throw e;
  }
}

/**
 * Inside the page: sends `action` through the store one command at a time and times each until the `answer`
 * signal has reached the store. Milliseconds, warm-up excluded.
 */
export async function timeStoreRoundTrips(
  page: Page,
  settings: { action: string; answer: string; count: number; warmup: number },
): Promise<number[]> {
  return page.evaluate(async ({ action, answer, count, warmup }) => {
    const nals = (window as unknown as WithNals).__tuttiNals;
    if (!nals) throw new Error('window.__tuttiNals is missing: is this the built web app?');
    let resolveAnswer: (() => void) | null = null;
    const stop = nals.onSignal((message) => {
      if (message.signal !== answer || !resolveAnswer) return;
      const resolve = resolveAnswer;
      resolveAnswer = null;
      resolve();
    });
    const samples: number[] = [];
    try {
      for (let i = 0; i < warmup + count; i += 1) {
        const answered = new Promise<void>((resolve) => (resolveAnswer = resolve));
        const started = performance.now();
        if (!nals.send({ action })) throw new Error(`the store did not send ${action}: audio client disconnected?`);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no ${answer} within 5 s of ${action} #${i}`)), 5000);
        });
        await Promise.race([answered, late]);
        clearTimeout(timer);
        if (i >= warmup) samples.push(performance.now() - started);
      }
    } finally {
      stop();
    }
    return samples;
  }, settings);
}
