import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createConfirmedUser, errorCodeOf, type Lang } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { apiSessionOf } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser } from '../support/ui.ts';

/**
 * Issue 13, private messages, the whole story in Chromium with two musicians: A opens B's profile and writes; B, on
 * another page, sees the badge go up and a toast; B's list puts the conversation on top, unread; B opens it and A
 * sees "Seen"; B types and A sees "B is typing…", gone once B sends; B's second tab loses its badge when the first
 * reads; A blocks B: B's next message is refused with a clear notice and the conversation leaves A's list.
 */
const W = {
  en: {
    messages: 'Messages',
    title: 'Messages | Tutti',
    send: 'Send a message',
    openOurs: 'Open our conversation',
    composer: (name: string) => `Message to ${name}`,
    toast: (name: string, text: string) => `New message from ${name}: ${text}`,
    open: 'Open the conversation',
    seen: 'Seen',
    typing: (name: string) => `${name} is typing…`,
    empty: 'No conversation yet.',
    closed: /You can no longer write in this conversation/,
    back: 'Back to the conversations',
    more: (name: string) => `More actions for ${name}`,
    block: (name: string) => `Block ${name}`,
    blockTitle: (name: string) => `Block ${name}?`,
    blockConfirm: 'Block',
    search: 'Search by name',
    noMatch: /No conversation matches/,
  },
  fr: {
    messages: 'Messages',
    title: 'Messages | Tutti',
    send: 'Envoyer un message',
    openOurs: 'Ouvrir notre conversation',
    composer: (name: string) => `Message à ${name}`,
    toast: (name: string, text: string) => `Nouveau message de ${name} : ${text}`,
    open: 'Ouvrir la conversation',
    seen: 'Vu',
    typing: (name: string) => `${name} est en train d’écrire…`,
    empty: 'Aucune conversation pour l’instant.',
    closed: /Vous ne pouvez plus écrire dans cette conversation/,
    back: 'Retour aux conversations',
    more: (name: string) => `Plus d’actions pour ${name}`,
    block: (name: string) => `Bloquer ${name}`,
    blockTitle: (name: string) => `Bloquer ${name} ?`,
    blockConfirm: 'Bloquer',
    search: 'Rechercher par nom',
    noMatch: /Aucune conversation ne correspond/,
  },
} as const;

const badge = (page: Page) => page.getByTestId('messages-badge').first();
const messagesLink = (page: Page, lang: Lang) =>
  page
    .getByRole('banner')
    .getByRole('link', { name: new RegExp(`^${W[lang].messages}`) })
    .first();

for (const lang of ['en', 'fr'] as const) {
  test(`private messages in ${lang}: write, notify, read, type, two tabs, block`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const w = W[lang];
    const ana = await createConfirmedUser(request, { prefix: 'msga', locale: lang });
    const ben = await createConfirmedUser(request, { prefix: 'msgb', locale: lang });
    const a = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    const b = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    try {
      await logInViaUi(a.page, ana, { lang });
      await logInViaUi(b.page, ben, { lang });

      // B, before anything: the empty list says how to start.
      await messagesLink(b.page, lang).click();
      await expect(b.page).toHaveURL(/\/messages$/);
      await expect(b.page.getByTestId('messages-empty').getByText(w.empty)).toBeVisible();
      await expect(b.page).toHaveTitle(w.title);
      await expectAccessible(b.page, `messages empty (${lang})`);
      await screenshotAtWidths(b.page, 'messages-empty', lang);
      await b.page.goto('/studio/hall');
      // B's second tab, on another page.
      const b2 = await b.context.newPage();
      await b2.goto('/studio/sessions');

      // A opens B's profile and writes.
      await a.page.goto(`/users/profiles/${ben.username}`);
      await screenshotAtWidths(a.page, 'messages-profile-send', lang);
      await a.page.getByRole('button', { name: w.send }).click();
      await expect(a.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
      const composerA = a.page.getByRole('textbox', { name: w.composer(ben.username) });
      await composerA.fill('Hello! Our set list: https://example.com/setlist');
      await composerA.press('Enter');
      await expect(a.page.getByTestId('message').getByText('Hello! Our set list:')).toBeVisible();
      await expect(
        a.page.getByTestId('message').getByRole('link', { name: 'https://example.com/setlist' }),
      ).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      // Back on B's profile, the button says there is a conversation, and opens that same one.
      const thread = a.page.url();
      await a.page.goto(`/users/profiles/${ben.username}`);
      await a.page.getByRole('button', { name: w.openOurs }).click();
      await expect(a.page).toHaveURL(thread);

      // B, on the hall and on the second tab: the badge goes up at once, and a toast says who wrote.
      await expect(badge(b.page)).toHaveText('1');
      await expect(badge(b2)).toHaveText('1');
      await expect(
        b.page.getByText(w.toast(ana.username, 'Hello! Our set list: https://example.com/setlist')),
      ).toBeVisible();

      // B's list: the conversation on top, unread; then the thread.
      await messagesLink(b.page, lang).click();
      const top = b.page.getByTestId('conversation').first();
      await expect(top).toContainText(ana.username);
      await expect(top).toHaveAttribute('data-unread', 'true');
      await expectAccessible(b.page, `messages list (${lang})`);
      await screenshotAtWidths(b.page, 'messages-list', lang);
      // The search keeps to the URL.
      await b.page.getByRole('searchbox', { name: w.search }).fill('zzzz');
      await expect(b.page).toHaveURL(/\?q=zzzz/);
      await expect(b.page.getByText(w.noMatch)).toBeVisible();
      await b.page.getByRole('searchbox', { name: w.search }).fill(ana.username.slice(0, 6));
      await expect(b.page.getByTestId('conversation')).toHaveCount(1);
      await b.page.getByTestId('conversation').first().click();
      await expect(b.page.getByTestId('message').getByText('Hello! Our set list:')).toBeVisible();

      // Read: A sees "Seen"; B's badge clears in both tabs.
      await expect(a.page.getByTestId('seen')).toHaveText(w.seen);
      await expect(b.page.getByTestId('messages-badge').filter({ visible: true })).toHaveCount(0);
      await expect(b2.getByTestId('messages-badge').filter({ visible: true })).toHaveCount(0);

      // B types: A sees it; B sends: it goes.
      const composerB = b.page.getByRole('textbox', { name: w.composer(ana.username) });
      await composerB.pressSequentially('Great, see you');
      await expect(a.page.getByText(w.typing(ben.username))).toBeVisible();
      await composerB.press('Shift+Enter');
      await composerB.pressSequentially('at eight');
      await composerB.press('Enter');
      await expect(a.page.getByTestId('message').filter({ hasText: 'Great, see you' })).toContainText('at eight');
      await expect(a.page.getByText(w.typing(ben.username))).toHaveCount(0);
      await expectAccessible(a.page, `messages thread (${lang})`);
      await screenshotAtWidths(a.page, 'messages-thread', lang);

      // At 390 px the thread is a screen of its own, with the way back to the list.
      await a.page.setViewportSize({ width: 390, height: 844 });
      await expectAccessible(a.page, `messages thread at 390 px (${lang})`);
      await a.page.getByRole('link', { name: w.back }).click();
      await expect(a.page).toHaveURL(/\/messages$/);
      await expect(a.page.getByTestId('conversation').first()).toContainText(ben.username);
      await a.page.setViewportSize({ width: 1280, height: 800 });

      // A blocks B: B's next message is refused, clearly, and A's list no longer has the conversation.
      await a.page.goto(`/users/profiles/${ben.username}`);
      await a.page.getByRole('button', { name: w.more(ben.username) }).click();
      await a.page.getByRole('menuitem', { name: w.block(ben.username) }).click();
      await a.page
        .getByRole('dialog', { name: w.blockTitle(ben.username) })
        .getByRole('button', { name: w.blockConfirm, exact: true })
        .click();
      // The block reaches B's open thread live (the composer gives way to the notice); a message B sends before it
      // does is refused (409 CONVERSATION_CLOSED), shown "Not sent" with the same notice. Either way B stays signed in.
      try {
        await composerB.fill('Still on for tonight?', { timeout: 2_000 });
        await composerB.press('Enter', { timeout: 1_000 });
      } catch {
        // Already closed by the bus: nothing to type in.
      }
      await expect(b.page.getByText(w.closed)).toBeVisible();
      await expect(composerB).toHaveCount(0);
      await expect(b.page).toHaveURL(/\/messages\//);
      const benApi = await apiSessionOf(request, ben);
      const conversationId = new URL(b.page.url()).pathname.split('/').pop() ?? '';
      const refused = await request.post(`/api/v1/me/private-messages/conversations/${conversationId}`, {
        headers: benApi.headers,
        data: { contents: 'Hello?', clientMessageId: randomUUID() },
      });
      expect(refused.status()).toBe(409);
      expect(await errorCodeOf(refused)).toBe('CONVERSATION_CLOSED');
      await b.page.reload();
      await expect(b.page.getByText(w.closed)).toBeVisible();
      await a.page.goto('/messages');
      await expect(a.page.getByTestId('messages-empty')).toBeVisible();

      // Unblocking brings it back.
      const anaApi = await apiSessionOf(request, ana);
      const unblocked = await request.delete(`/api/v1/me/blocked/${benApi.accountId}`, {
        headers: anaApi.headers,
      });
      expect(unblocked.status(), await unblocked.text()).toBe(204);
      await a.page.reload();
      await expect(a.page.getByTestId('conversation').first()).toContainText(ben.username);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
}

test('a long history loads page by page as the thread scrolls up, without the view jumping', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ana = await createConfirmedUser(request, { prefix: 'msgh' });
  const ben = await createConfirmedUser(request, { prefix: 'msgh' });
  const anaApi = await apiSessionOf(request, ana);
  const benApi = await apiSessionOf(request, ben);
  const opened = await request.post('/api/v1/me/private-messages/conversations', {
    headers: anaApi.headers,
    data: { accountId: benApi.accountId },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const { id } = (await opened.json()) as { id: string };
  // 45 messages, turn by turn (each musician stays under the per-minute limit): the newest page holds 30.
  for (let i = 1; i <= 45; i++) {
    const res = await request.post(`/api/v1/me/private-messages/conversations/${id}`, {
      headers: (i % 2 ? anaApi : benApi).headers,
      data: { contents: `Message ${i}`, clientMessageId: randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const a = await openBrowser(browser);
  try {
    await logInViaUi(a.page, ana);
    await a.page.goto(`/messages/${id}`);
    const text = (n: number) => a.page.getByTestId('message').getByText(`Message ${n}`, { exact: true });
    await expect(text(45)).toBeInViewport();
    await expect(text(16)).toBeAttached();
    await expect(text(15)).toHaveCount(0);
    // To the top: the earlier page comes, and what was on screen stays where it was.
    const before = await a.page.getByTestId('thread-scroller').evaluate((el) => {
      el.scrollTop = 0;
      el.dispatchEvent(new Event('scroll'));
      const first = [...el.querySelectorAll('[data-testid="message"]')].find((m) =>
        m.textContent?.startsWith('Message 16'),
      );
      return first?.getBoundingClientRect().top ?? NaN;
    });
    await expect(text(1)).toBeAttached();
    const after = await text(16).evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(after - before), `Message 16 moved from ${before} to ${after}`).toBeLessThan(60);
    await expect(text(16)).toBeInViewport();
    await expect(text(1)).not.toBeInViewport();
  } finally {
    await a.context.close();
  }
});
