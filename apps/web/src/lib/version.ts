import { STORAGE_KEYS, readStored, writeStored } from './storage';

/** Reads the deployed /version.json, bypassing caches; null when it is absent or unreadable. */
export async function fetchDeployedVersion(fetchFn: typeof fetch = fetch): Promise<string | null> {
  const res = await fetchFn('/version.json', { cache: 'no-store' });
  if (res.status >= 500) throw new Error(`version.json answered ${res.status}`);
  if (!res.ok) return null;
  try {
    const body = (await res.json()) as unknown;
    if (typeof body === 'object' && body !== null && 'version' in body && typeof body.version === 'string') {
      return body.version;
    }
  } catch {
    // An unreadable file is treated like a missing one.
  }
  return null;
}

/** Numeric comparison of dotted versions ('0.10.0' > '0.9.3'); a pre-release suffix is ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split('-')[0]!
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** True when the deployed version is newer than the stored one (nothing stored yet is not "newer"). */
export function isNewerVersion(deployed: string | null, stored: string | null): boolean {
  return deployed !== null && stored !== null && compareVersions(deployed, stored) > 0;
}

export const readStoredVersion = () => readStored(STORAGE_KEYS.appVersion);
export const storeVersion = (version: string) => writeStored(STORAGE_KEYS.appVersion, version);
