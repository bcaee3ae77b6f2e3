import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Lang } from './api.ts';
import { SCREENSHOT_DIR, VIEWPORTS, WIDTHS, type Width } from './env.ts';

/**
 * e2e/.tmp/screenshots/<name>-<lang>-<width>.png, the whole page, for a person to look at. `fullPage: false` keeps
 * to the viewport, for a dialog or menu: fixed overlays cover the viewport only, not the whole page's height.
 */
export async function screenshot(
  page: Page,
  name: string,
  lang: Lang,
  width: Width,
  opts: { fullPage?: boolean } = {},
): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}-${lang}-${width}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? true, animations: 'disabled' });
  return file;
}

/** One screenshot per width, restoring the viewport the page had. */
export async function screenshotAtWidths(page: Page, name: string, lang: Lang): Promise<void> {
  const original = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize(VIEWPORTS[width]);
    await screenshot(page, name, lang, width);
  }
  if (original) await page.setViewportSize(original);
}
