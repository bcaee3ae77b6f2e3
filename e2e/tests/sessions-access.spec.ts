import type { Session } from '@tutti/contract/sessions';
import { createConfirmedUser } from '../support/api.ts';
import { expectClient, musicianWithClient } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';
import {
  adminSession,
  apiSessionOf,
  createOpenRehearsalViaApi,
  createTestRehearsalViaApi,
  region,
  SESSION_WORDS,
  slotRow,
  TESTER_DOMAIN,
} from '../support/sessions.ts';
import { logInViaUi, openBrowser, WORDS } from '../support/ui.ts';

const w = SESSION_WORDS.en;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** The organizer schedules from Paris; the invited musician reads the time in New York. */
const ORGANIZER_ZONE = 'Europe/Paris';
const GUEST_ZONE = 'America/New_York';
test.use({ timezoneId: ORGANIZER_ZONE });

/** `at` as the date and time inputs of the form show it in `timeZone` (YYYY-MM-DD, HH:MM). */
function inputsIn(at: Date, timeZone: string): { date: string; time: string } {
  const part = (type: string, opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { ...opts, timeZone, hourCycle: 'h23' })
      .formatToParts(at)
      .find((p) => p.type === type)?.value ?? '';
  const date = `${part('year', { year: 'numeric' })}-${part('month', { month: '2-digit' })}-${part('day', { day: '2-digit' })}`;
  return { date, time: `${part('hour', { hour: '2-digit' })}:${part('minute', { minute: '2-digit' })}` };
}

/** Day, short month and time of `iso` as a reader in `timeZone` sees them (the page writes them en-GB style). */
function shownIn(iso: string, timeZone: string): RegExp {
  const at = new Date(iso);
  const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...opts, timeZone }).format(at);
  const day = fmt({ day: 'numeric' });
  const month = fmt({ month: 'short' });
  const time = fmt({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return new RegExp(`\\b${day} ${month}\\b.*\\b${time}\\b`);
}

test('a session scheduled for tomorrow shows its start, in each reader’s time zone, and cannot be joined yet', async ({
  page,
  browser,
  request,
  nals,
}) => {
  test.setTimeout(150_000);
  const ben = await openBrowser(browser, { timezoneId: GUEST_ZONE });
  const [ana, bob] = await Promise.all([
    musicianWithClient(page, request, nals, {}, 'en', { prefix: 'ana' }),
    musicianWithClient(ben.page, request, nals, {}, 'en', { prefix: 'ben' }),
  ]);
  const name = `Tomorrow ${ana.user.username.slice(-4)}`;
  const tomorrow = inputsIn(new Date(Date.now() + 86_400_000), ORGANIZER_ZONE);

  await page.goto('/studio/sessions/new');
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('radio', { name: w.private }).check();
  await form.getByRole('radio', { name: w.later }).check();
  await form.getByLabel(w.date, { exact: true }).fill(tomorrow.date);
  await form.getByLabel(w.time, { exact: true }).fill('18:30');
  await expect(form.getByText(`Time zone: ${ORGANIZER_ZONE}`)).toBeVisible();
  const invite = form.getByLabel(w.invite);
  await invite.fill(bob.user.username);
  await invite.press('Enter');
  await form.getByRole('button', { name: w.create }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/open-rehearsal/${UUID.source}$`));
  const sessionId = UUID.exec(page.url())?.[0] as string;

  // The server holds the instant the organizer meant: 18:30 in Paris, tomorrow.
  const res = await request.get(`/api/v1/sessions/${sessionId}/details`, {
    headers: (await apiSessionOf(request, ana.user)).headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  const session = (await res.json()) as Session;
  expect(session.status).toBe('scheduled');
  expect(inputsIn(new Date(session.startsAt), ORGANIZER_ZONE)).toEqual({ date: tomorrow.date, time: '18:30' });
  await expect(page.getByText(w.startsOn)).toContainText(shownIn(session.startsAt, ORGANIZER_ZONE));

  // B finds it in the hall and opens it: the start in New York time.
  await ben.page.reload();
  // Listed once, under the invitations (saying who invited B), not repeated among the upcoming sessions.
  await expect(region(ben.page, w.invitations).getByText(name)).toBeVisible();
  await expect(region(ben.page, 'My upcoming sessions').getByText(name)).toHaveCount(0);
  await region(ben.page, w.invitations)
    .getByRole('link', { name: `Open ${name}` })
    .click();
  await expect(ben.page).toHaveURL(new RegExp(`/studio/open-rehearsal/${sessionId}$`));
  const startsOn = ben.page.getByText(w.startsOn);
  await expect(startsOn).toContainText(shownIn(session.startsAt, GUEST_ZONE));

  // No way in yet: Join is disabled and says when it opens, in B's zone: tomorrow at its time, or the weekday when
  // New York's today is still Paris's yesterday.
  const start = new Date(session.startsAt);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: GUEST_ZONE }).format(
    start,
  );
  const dayIn = (at: Date) => inputsIn(at, GUEST_ZONE).date;
  const daysAhead = (Date.parse(dayIn(start)) - Date.parse(dayIn(new Date()))) / 86_400_000;
  const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: GUEST_ZONE }).format(start);
  const opens = daysAhead === 1 ? `tomorrow at ${time}` : `${weekday} ${time}`;
  await expect(ben.page.getByRole('button', { name: `Opens ${opens}` })).toBeDisabled();
  await expect(ben.page.getByRole('button', { name: w.join })).toHaveCount(0);
  await expect(ben.page.getByRole('heading', { name: w.manager })).toHaveCount(0);
  expect((await bob.client.state()).connection).toBeNull();

  await ben.context.close();
});

test('a private session is not found by a musician who was not invited', async ({ page, browser, request }) => {
  const [ana, cleo] = await Promise.all([
    createConfirmedUser(request, { prefix: 'ana' }),
    createConfirmedUser(request, { prefix: 'cleo' }),
  ]);
  const name = `Private ${ana.username.slice(-4)}`;
  const anaApi = await apiSessionOf(request, ana);
  const session = await createOpenRehearsalViaApi(request, anaApi, { name, public: false });

  await logInViaUi(page, cleo);
  await expect(region(page, w.live).getByText(name)).toHaveCount(0);
  await page.goto(`/studio/open-rehearsal/${session.id}`);
  await expect(page.getByText(w.notFound)).toBeVisible();
  await expect(page.getByRole('heading', { name })).toHaveCount(0);
  await expect(page.getByRole('button', { name: w.join })).toHaveCount(0);
  // Still signed in: the refusal is not a 403 (which would sign the web out).
  await expect(page).toHaveURL(new RegExp(`/studio/open-rehearsal/${session.id}$`));
  await page.getByRole('link', { name: 'Back to the sessions' }).click();
  await expect(page).toHaveURL(/\/studio\/sessions$/);

  // The organizer, on the other hand, sees it.
  const organizer = await openBrowser(browser);
  await logInViaUi(organizer.page, ana);
  await organizer.page.goto(`/studio/open-rehearsal/${session.id}`);
  await expect(organizer.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(organizer.page.getByText(w.notFound)).toHaveCount(0);
  await organizer.context.close();
});

test('a test rehearsal: a tester joins with its password, a wrong one is refused, a non-tester gets not found', async ({
  page,
  browser,
  request,
  nals,
}) => {
  test.setTimeout(120_000);
  const admin = await adminSession(request);
  const name = `Latency ${Math.random().toString(36).slice(2, 6)}`;
  const password = 'open-sesame-42';
  const session = await createTestRehearsalViaApi(request, admin, { name, password });
  expect(session.kind).toBe('test');

  const tester = await musicianWithClient(page, request, nals, {}, 'en', { prefix: 'tess', domain: TESTER_DOMAIN });
  await page.goto(`/studio/test-rehearsal/${session.id}`);
  await expect(page).toHaveTitle('Test rehearsal | Tutti');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const field = page.getByRole('main').getByLabel(/^Password/);
  await field.fill('not-the-password');
  await page.getByRole('button', { name: w.testJoin }).click();
  await expect(page.getByText(w.wrongPassword)).toBeVisible();
  await expect(field).toHaveAccessibleDescription(w.wrongPassword);
  expect((await tester.client.state()).connection).toBeNull();

  await field.fill(password);
  await page.getByRole('button', { name: w.testJoin }).click();
  await expect(page.getByRole('heading', { name: w.manager })).toBeVisible();
  await expectClient(tester.client, 'room link', (s) => s.connection?.phase, 'connected');
  await expect(slotRow(page, 'en', tester.user.username)).toContainText('(me)');
  // No free-minute limit in a test rehearsal.
  await expect(page.getByTestId('free-minutes')).toHaveCount(0);
  await page.getByRole('button', { name: w.leave }).click();
  await expect(page.getByText(w.left)).toBeVisible();
  await expectClient(tester.client, 'room link after leaving', (s) => s.connection, null);

  // Without TUTTI_MU: the not-found page, whatever the password.
  const other = await openBrowser(browser);
  const plain = await createConfirmedUser(request, { prefix: 'plain' });
  await logInViaUi(other.page, plain);
  await other.page.goto(`/studio/test-rehearsal/${session.id}`);
  await expect(other.page.getByRole('heading', { level: 1, name: WORDS.en.pageNotFound })).toBeVisible();
  await expect(other.page.getByLabel(/^Password/)).toHaveCount(0);
  await expect(other.page.getByText(name)).toHaveCount(0);
  await other.context.close();
});
