import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { JoinedSession, Session } from '@tutti/contract/sessions';
import { agentHeader, bearer, confirmViaApi, errorCodeOf, signInViaApi, type Lang, type TestUser } from './api.ts';

/** The e2e server gives TUTTI_MU to new accounts of this domain (TESTER_EMAILS in playwright.config.ts). */
export const TESTER_DOMAIN = 'testers.e2e.tutti.local';

/**
 * The one administrator (ADMIN_EMAILS): every worker that needs it signs it up, the first wins and the others reuse
 * it, so its password is a constant.
 */
export const ADMIN: TestUser = {
  email: 'admin@e2e.tutti.local',
  password: 'e2e-admin-password-7x',
  username: 'e2eadmin',
  birthdate: '1980-01-01',
};

/** The sessions screens' fixed wording, per language (apps/web/src/locales/<lang>/sessions.json). */
export const SESSION_WORDS = {
  en: {
    newSession: 'New session',
    name: 'Name',
    description: 'Description',
    public: 'Public',
    private: 'Private',
    now: 'Now',
    later: 'Later',
    date: 'Date',
    time: 'Time',
    invite: 'Invite musicians',
    create: 'Create the session',
    createAndJoin: 'Create and join',
    join: 'Join the rehearsal',
    leave: 'Leave the rehearsal',
    manager: 'Rehearsal manager',
    live: 'Live sessions',
    invitations: 'Invitations',
    activity: 'Session activity',
    notFound: 'This session does not exist, has ended, or is private.',
    startsOn: 'This session starts on',
    left: 'You left the rehearsal.',
    ended: 'This session has ended.',
    testPassword: 'Password',
    testJoin: 'Join the test rehearsal',
    wrongPassword: 'Wrong password',
    freeMinutesHelp: 'How free minutes work',
    subscribe: 'Subscribe to remove this limit',
    figures: /Round trip: min [\d.,]+ ms/,
    chart: /Round trips of the last \d+ pings/,
  },
  fr: {
    newSession: 'Nouvelle session',
    name: 'Nom',
    description: 'Description',
    public: 'Publique',
    private: 'Privée',
    now: 'Maintenant',
    later: 'Plus tard',
    date: 'Date',
    time: 'Heure',
    invite: 'Inviter des musiciens',
    create: 'Créer la session',
    createAndJoin: 'Créer et rejoindre',
    join: 'Rejoindre la répétition',
    leave: 'Quitter la répétition',
    manager: 'Gestionnaire de répétition',
    live: 'Sessions en direct',
    invitations: 'Invitations',
    activity: 'Activité des sessions',
    notFound: 'Cette session n’existe pas, est terminée ou est privée.',
    startsOn: 'Cette session commence le',
    left: 'Vous avez quitté la répétition.',
    ended: 'Cette session est terminée.',
    testPassword: 'Mot de passe',
    testJoin: 'Rejoindre la répétition de test',
    wrongPassword: 'Mot de passe incorrect',
    freeMinutesHelp: 'Fonctionnement des minutes gratuites',
    subscribe: 'Abonnez-vous pour supprimer cette limite',
    figures: /Aller-retour\s?: min [\d.,\s]+ms/,
    chart: /Allers-retours des \d+ derniers pings/,
  },
} as const;

export interface ApiSession {
  headers: Record<string, string>;
  accountId: string;
}

/** A signed-in API session of its own (own device serial), for set-up steps a journey does not play on screen. */
export async function apiSessionOf(request: APIRequestContext, user: TestUser): Promise<ApiSession> {
  const serial = `e2e-api-${user.username}-${Math.random().toString(36).slice(2, 8)}`;
  const tokens = await signInViaApi(request, user, serial);
  return { headers: bearer(tokens.accessToken, serial), accountId: tokens.accountId };
}

/**
 * The administrator's API session. Sign-up races between workers end in EMAIL_TAKEN (or USERNAME_TAKEN) for all but
 * one; the winner confirms the account, so the others wait until signing in works.
 */
export async function adminSession(request: APIRequestContext): Promise<ApiSession> {
  const res = await request.post('/api/v1/accounts', {
    headers: agentHeader(),
    data: { email: ADMIN.email, password: ADMIN.password, username: ADMIN.username, birthdate: ADMIN.birthdate },
  });
  if (res.status() === 201) {
    await confirmViaApi(request, ADMIN);
  } else {
    const code = await errorCodeOf(res);
    expect(['EMAIL_TAKEN', 'USERNAME_TAKEN'], `admin sign-up: ${res.status()} ${code}`).toContain(code);
  }
  let session: ApiSession | null = null;
  await expect
    .poll(
      async () => {
        session = await apiSessionOf(request, ADMIN).catch(() => null);
        return session !== null;
      },
      { message: 'the administrator can sign in', timeout: 30_000 },
    )
    .toBe(true);
  return session as unknown as ApiSession;
}

async function expectOk(res: { status(): number; text(): Promise<string> }, status: number, what: string) {
  if (res.status() !== status) throw new Error(`${what}: expected ${status}, got ${res.status()} ${await res.text()}`);
}

export async function createOpenRehearsalViaApi(
  request: APIRequestContext,
  as: ApiSession,
  body: { name: string; public: boolean; description?: string; startsAt?: string; invite?: string[] },
): Promise<Session> {
  const res = await request.post('/api/v2/open-rehearsal', { headers: as.headers, data: body });
  await expectOk(res, 201, `creation of ${body.name}`);
  return (await res.json()) as Session;
}

export async function joinOpenRehearsalViaApi(
  request: APIRequestContext,
  as: ApiSession,
  sessionId: string,
): Promise<JoinedSession> {
  const res = await request.post(`/api/v2/open-rehearsal/${sessionId}/join`, { headers: as.headers, data: {} });
  await expectOk(res, 200, `join of ${sessionId}`);
  return (await res.json()) as JoinedSession;
}

/**
 * Keeps an API-only player in its session (the server drops players whose keepalives stop) until the returned
 * function is called.
 */
export function keepAliveViaApi(request: APIRequestContext, as: ApiSession, sessionId: string): () => void {
  const timer = setInterval(() => {
    void request
      .post(`/api/v1/sessions/${sessionId}/keepalive`, { headers: as.headers, data: {} })
      .catch(() => undefined);
  }, 20_000);
  return () => clearInterval(timer);
}

export async function createTestRehearsalViaApi(
  request: APIRequestContext,
  admin: ApiSession,
  body: { name: string; password: string; description?: string },
): Promise<Session> {
  const res = await request.post('/api/v1/test-rehearsal', { headers: admin.headers, data: body });
  await expectOk(res, 201, `creation of the test rehearsal ${body.name}`);
  return (await res.json()) as Session;
}

/** A section of a page, found by its heading (the cards of the hall, the rehearsal manager). */
export function region(page: Page, name: string | RegExp): Locator {
  return page.getByRole('region', { name, exact: typeof name === 'string' });
}

/** The rehearsal manager's row of one player: a list item carrying their name. */
export function slotRow(page: Page, lang: Lang, name: string): Locator {
  return region(page, SESSION_WORDS[lang].manager).getByRole('listitem').filter({ hasText: name });
}

// ---- a small real image for the cover upload (e2e has no sharp: a PNG encoded here with zlib)

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG of `width` × `height` with a diagonal gradient: a real picture a server-side decoder accepts. */
export function gradientPng(width = 96, height = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((255 * x) / width);
      row[2 + x * 3] = 60;
      row[3 + x * 3] = Math.round((255 * y) / height);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
