import { compareVersions } from '@tutti/contract/nals';
import type { NalsOs } from '@tutti/contract/nals';
import type { NalsVersionRow } from '../../platform/schema.ts';

/** Newest release first, by version number (0.10.2 after 0.9.0, which text order gets wrong). */
export const newestFirst = (rows: NalsVersionRow[]): NalsVersionRow[] =>
  [...rows].sort((a, b) => compareVersions(b.version, a.version));

/** A stored address is absolute, or relative to NALS_DOWNLOAD_BASE_URL (which ends with a slash). */
export const resolveDownload = (stored: string, baseUrl: string): string => new URL(stored, baseUrl).toString();

export function downloadOf(row: NalsVersionRow, os: NalsOs): string {
  const byOs: Record<NalsOs, string> = { linux: row.downloadLinux, windows: row.downloadWindows, mac: row.downloadMac };
  return byOs[os];
}
