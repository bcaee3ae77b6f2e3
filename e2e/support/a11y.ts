import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails on any serious or critical axe violation (minor and moderate ones are not blocking).
 * `soft` records the failure and lets the test go on, so one run lists every screen that needs work.
 */
export async function expectAccessible(page: Page, screen: string, opts: { soft?: boolean } = {}): Promise<void> {
  // Let the route's lazy chunk and first queries settle so axe sees the page a person would.
  await page.waitForLoadState('networkidle');
  // ... and every finite transition end (a modal fading in reads as low contrast half-way).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = blocking.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  const check = opts.soft ? expect.soft(summary, `axe on ${screen} (${page.url()})`) : expect(summary, screen);
  check.toEqual([]);
}
