import type { NalsVersion } from '@tutti/contract/nals';
import type { NalsVersionRow } from '../../platform/schema.ts';
import { downloadOf, resolveDownload } from './nals.policy.ts';

export function presentNalsVersion(row: NalsVersionRow, downloadBaseUrl: string): NalsVersion {
  const download = (os: 'linux' | 'windows' | 'mac') => resolveDownload(downloadOf(row, os), downloadBaseUrl);
  return {
    id: row.id,
    version: row.version,
    releaseNotes: { en: row.releaseNotesEn, fr: row.releaseNotesFr },
    downloads: { linux: download('linux'), windows: download('windows'), mac: download('mac') },
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}
