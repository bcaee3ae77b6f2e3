import type { Agent } from '@tutti/contract/accounts';
import { STORAGE_KEYS, readStored, writeStored } from './storage';

export const APP_NAME = `tutti-web/${__APP_VERSION__}`;

function randomSerial(): string {
  // randomUUID only exists in secure contexts; plain http on a LAN address still needs a serial.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The device serial identifies this browser at sign-in; generated once and kept. */
export function getDeviceSerial(): string {
  const stored = readStored(STORAGE_KEYS.deviceSerial);
  if (stored && stored.length >= 8) return stored;
  const serial = randomSerial();
  writeStored(STORAGE_KEYS.deviceSerial, serial);
  return serial;
}

let connectedNals = '';

/** The audio client version the agent header reports; empty while no client is connected. */
export function setAgentNalsVersion(version: string | null): void {
  connectedNals = version ?? '';
}

/** Value of the X-Agent header; nals stays empty until the audio client is connected. */
export function agentHeaderValue(nalsVersion = connectedNals): string {
  const agent: Agent = { app: APP_NAME, serial: getDeviceSerial(), nals: nalsVersion };
  return JSON.stringify(agent);
}
