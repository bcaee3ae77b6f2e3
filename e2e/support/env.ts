import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the e2e run shares between the config (which starts the server) and the workers (which read its outbox). */
const here = path.dirname(fileURLToPath(import.meta.url));

export const E2E_DIR = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
export const TMP_DIR = path.join(E2E_DIR, '.tmp');
export const PORT = Number(process.env.E2E_PORT ?? 8091);
export const BASE_URL = `http://localhost:${PORT}`;
/** The embedded MQTT broker of the e2e server (WebSocket); audio clients started by the tests connect to it. */
export const BROKER_PORT = Number(process.env.E2E_BROKER_PORT ?? 8193);
export const BROKER_URL = `ws://localhost:${BROKER_PORT}`;
/** The room server of the e2e server (UDP audio, HTTP control): own ports too, so two runs side by side never mix. */
export const ROOM_UDP_PORT = Number(process.env.E2E_ROOM_UDP_PORT ?? 7490);
export const ROOM_HTTP_PORT = Number(process.env.E2E_ROOM_HTTP_PORT ?? 7491);
export const DATA_DIR = path.join(TMP_DIR, 'data');
export const MAIL_DIR = path.join(DATA_DIR, 'mail');
export const SCREENSHOT_DIR = path.join(TMP_DIR, 'screenshots');

/** The two widths every screen is looked at: desktop and a phone. */
export const WIDTHS = [1280, 390] as const;
export type Width = (typeof WIDTHS)[number];
export const VIEWPORTS: Record<Width, { width: number; height: number }> = {
  1280: { width: 1280, height: 800 },
  390: { width: 390, height: 844 },
};

/** Chromium flags for a sandbox-less CI box: no GPU, no background traffic that could slow or skew a run. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
