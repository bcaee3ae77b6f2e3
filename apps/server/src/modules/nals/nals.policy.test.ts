import { describe, expect, it } from 'vitest';
import type { NalsVersionRow } from '../../platform/schema.ts';
import { newestFirst, resolveDownload } from './nals.policy.ts';

const row = (version: string): NalsVersionRow => ({
  id: version,
  version,
  releaseNotesEn: '',
  releaseNotesFr: '',
  downloadLinux: '',
  downloadWindows: '',
  downloadMac: '',
  enabled: false,
  createdAt: new Date(0),
});

describe('newestFirst', () => {
  it('orders by version number, not by text', () => {
    expect(newestFirst(['0.9.0', '0.10.2', '0.11.0', '0.6.4', '1.0.0'].map(row)).map((r) => r.version)).toEqual([
      '1.0.0',
      '0.11.0',
      '0.10.2',
      '0.9.0',
      '0.6.4',
    ]);
  });
});

describe('resolveDownload', () => {
  it('puts relative addresses under the base URL and keeps absolute ones', () => {
    const base = 'https://cdn.example.org/nals/';
    expect(resolveDownload('0.11.0/nals.dmg', base)).toBe('https://cdn.example.org/nals/0.11.0/nals.dmg');
    expect(resolveDownload('https://github.com/x/releases/nals.exe', base)).toBe(
      'https://github.com/x/releases/nals.exe',
    );
  });
});
