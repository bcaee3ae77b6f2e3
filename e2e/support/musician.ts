import type { APIRequestContext, Page } from '@playwright/test';
import { createConfirmedUser, type Lang, type TestUser } from './api.ts';
import { expectStatus, nalsTokenOf } from './audio.ts';
import { expect, type NalsEmulator, type NalsEmulatorState, type NalsLauncher, type NalsOptions } from './nals.ts';
import { logInViaUi } from './ui.ts';

export interface Musician {
  user: TestUser;
  /** The account's nalsToken, to start (more) audio clients with. */
  token: string;
}

/** A confirmed musician of this test only, signed in through the login page, with their audio client token. */
export async function signedInMusician(page: Page, request: APIRequestContext, lang: Lang = 'en'): Promise<Musician> {
  const user = await createConfirmedUser(request, { prefix: 'nals', locale: lang });
  const token = await nalsTokenOf(request, user);
  await logInViaUi(page, user, { lang });
  return { user, token };
}

/**
 * The same, with an audio client emulator running on their token and the header showing it (connected, or error when
 * a failure is injected). The emulator's start (a Node process with the TypeScript loader) overlaps the sign-in.
 */
export async function musicianWithClient(
  page: Page,
  request: APIRequestContext,
  nals: NalsLauncher,
  client: Pick<NalsOptions, 'version' | 'fail' | 'recordings' | 'latency'> = {},
  lang: Lang = 'en',
  account: { prefix?: string; domain?: string } = {},
): Promise<Musician & { client: NalsEmulator }> {
  const user = await createConfirmedUser(request, {
    prefix: account.prefix ?? 'nals',
    locale: lang,
    domain: account.domain,
  });
  const token = await nalsTokenOf(request, user);
  const [emulator] = await Promise.all([nals.start({ token, ...client }), logInViaUi(page, user, { lang })]);
  await expectStatus(page, client.fail?.includes('AUDIO_DRIVER_NOT_STARTED') ? 'error' : 'connected', lang);
  return { user, token, client: emulator };
}

/** Waits until the client's own state (GET /state) gives `expected` for `pick`. */
export async function expectClient<T>(
  client: NalsEmulator,
  what: string,
  pick: (state: NalsEmulatorState) => T,
  expected: T,
): Promise<void> {
  await expect
    .poll(async () => pick(await client.state()), { message: `audio client state: ${what}`, timeout: 15_000 })
    .toEqual(expected);
}
