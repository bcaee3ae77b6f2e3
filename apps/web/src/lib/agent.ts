import type { Agent } from '@tutti/contract/accounts';
import { STORAGE_KEYS, readStored, writeStored } from './storage';
import { randomUuid } from './random-uuid';

export const APP_NAME = `tutti-web/${__APP_VERSION__}`;

/** The device serial identifies this browser at sign-in; generated once and kept. */
export function getDeviceSerial(): string {
  const stored = readStored(STORAGE_KEYS.deviceSerial);
  if (stored && stored.length >= 8) return stored;
  const serial = randomUuid();
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
