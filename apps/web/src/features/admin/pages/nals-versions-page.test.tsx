import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NalsVersion } from '@tutti/contract/nals';
import { adminFetchDouble, json, renderAdminAt } from '../../../../test/admin-render';
import { NalsVersionsPage } from './nals-versions-page';

const release = (id: string, version: string, enabled: boolean): NalsVersion => ({
  id,
  version,
  releaseNotes: { en: `Notes of ${version}`, fr: `Notes de la ${version}` },
  downloads: {
    linux: `https://downloads.example/${version}.tar.gz`,
    windows: `https://downloads.example/${version}.exe`,
    mac: `https://downloads.example/${version}.dmg`,
  },
  enabled,
  createdAt: '2030-12-01T12:00:00.000Z',
});
const V12 = release('11111111-1111-4111-8111-111111111112', '0.12.0', false);
const V11 = release('11111111-1111-4111-8111-111111111111', '0.11.0', true);
const V10 = release('11111111-1111-4111-8111-111111111110', '0.10.2', false);

describe('the audio client versions administration', () => {
  let versions: NalsVersion[];
  beforeEach(() => {
    versions = [V12, V11, V10];
  });
  const sent = adminFetchDouble(({ method, url }) => {
    const enable = /\/v1\/nals\/versions\/([^/]+)\/enable$/.exec(url);
    if (enable && method === 'POST') {
      versions = versions.map((v) => ({ ...v, enabled: v.id === enable[1] }));
      return json(
        200,
        versions.find((v) => v.enabled),
      );
    }
    if (url.endsWith('/v1/nals/versions')) return json(200, versions);
    return undefined;
  });
  const calls = () => sent.map((r) => `${r.method} ${r.url}`);

  it('shows each release against the reference and makes a newer one the reference after a confirmation', async () => {
    renderAdminAt('/admin/audio-client', '/admin/audio-client', <NalsVersionsPage />);
    const table = await screen.findByRole('region', { name: 'Releases' });
    const reference = within(table).getByRole('row', { name: /0\.11\.0/ });
    expect(reference).toHaveTextContent('Reference version');
    expect(within(reference).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /0\.10\.2/ })).toHaveTextContent('Older');
    const newer = within(table).getByRole('row', { name: /0\.12\.0/ });
    expect(newer).toHaveTextContent('Newer than the reference');
    expect(within(newer).getByRole('link', { name: 'macOS' })).toHaveAttribute('href', V12.downloads.mac);
    await userEvent.click(within(newer).getByRole('button', { name: 'Make 0.12.0 the reference version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make 0.12.0 the reference version?' });
    expect(dialog).not.toHaveTextContent('older than the current reference');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make reference' }));
    expect(await screen.findByText('0.12.0 is now the reference version.')).toBeInTheDocument();
    expect(calls()).toContain(`POST /api/v1/nals/versions/${V12.id}/enable`);
    expect(await within(newer).findByText('Reference version')).toBeInTheDocument();
  }, 15_000);

  it('warns before going back to an older release, and changes nothing when cancelled', async () => {
    renderAdminAt('/admin/audio-client', '/admin/audio-client', <NalsVersionsPage />);
    const table = await screen.findByRole('region', { name: 'Releases' });
    const older = within(table).getByRole('row', { name: /0\.10\.2/ });
    await userEvent.click(within(older).getByRole('button', { name: 'Make 0.10.2 the reference version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make 0.10.2 the reference version?' });
    expect(dialog).toHaveTextContent('0.10.2 is older than the current reference (0.11.0)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls().filter((c) => c.startsWith('POST'))).toHaveLength(0);
  }, 15_000);

  it('speaks French', async () => {
    renderAdminAt('/admin/audio-client', '/admin/audio-client', <NalsVersionsPage />, { locale: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Versions du client audio' })).toBeInTheDocument();
    expect(await screen.findByText('Notes de la 0.12.0')).toBeInTheDocument();
    expect(screen.getByText('Plus récente que la référence')).toBeInTheDocument();
  }, 15_000);
});
