import type { CurrentUser } from '@tutti/contract/accounts';
import type { Profile } from '@tutti/contract/community';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { MULTIPART, multipart } from './support/uploads.ts';
import { createUser, getMe, type SignedInUser } from './support/users.ts';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Ann, Lyon' } } })
    .jpeg()
    .toBuffer();

/** YYYY-MM-DD of the day `years` ago. */
const yearsAgo = (years: number): string => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

describe.each(databases())('profile pictures on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app));

  const upload = async (user: SignedInUser, path: string, name: string, bytes: Buffer) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': MULTIPART },
      payload: multipart('file', name, 'image/jpeg', bytes),
    });
    return { status: res.statusCode, json: JSON.parse(res.body) as { url: string; error?: { code: string } } };
  };
  const fetchPicture = (url: string) => t.app.inject({ method: 'GET', url });

  it('a profile picture is cropped square without its metadata, shown in v1/me, by username and on the profile', async () => {
    const ann = await createUser(t);
    const res = await upload(ann, 'v1/me/profile-picture', 'avatar.jpg', await photo(900, 600));
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^\/uploads\/avatars\/.+\.jpg$/);
    const served = await fetchPicture(res.json.url);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([512, 512, undefined]);

    expect((await getMe(t, ann.accessToken)).profilePicture).toBe(res.json.url);
    const byName = await fetchPicture(`/api/v1/accounts/${ann.username}/picture`);
    expect([byName.statusCode, byName.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(byName.rawPayload.equals(served.rawPayload)).toBe(true);

    // Replacing it deletes the old file.
    const second = await upload(ann, 'v1/me/profile-picture', 'avatar.jpg', await photo(300, 300));
    expect(second.json.url).not.toBe(res.json.url);
    expect((await fetchPicture(res.json.url)).statusCode).toBe(404);

    const cover = await upload(ann, 'v1/me/cover-picture', 'cover-picture.jpg', await photo(2000, 1000));
    expect(cover.status).toBe(200);
    const bob = await createUser(t);
    const profile = await call<Profile>(t, 'GET', `v2/profiles/${ann.id}`, { token: bob.accessToken });
    expect(profile.json).toMatchObject({ profilePicture: second.json.url, coverPicture: cover.json.url });
    const coverMeta = await sharp((await fetchPicture(cover.json.url)).rawPayload).metadata();
    expect([coverMeta.width, coverMeta.height]).toEqual([1500, 500]);
  });

  it('refuses what is not an image, with a clear error and nothing stored', async () => {
    const ann = await createUser(t);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const bytes of [svg, Buffer.from('just text, named avatar.jpg')]) {
      const res = await upload(ann, 'v1/me/profile-picture', 'avatar.jpg', bytes);
      expect([res.status, res.json.error?.code]).toEqual([400, 'INVALID_IMAGE']);
    }
    expect((await getMe(t, ann.accessToken)).profilePicture).toBeNull();
  });

  it('under 13: may set an avatar (rehearsals show it), not a cover; the picture is not served by name', async () => {
    const kid = await createUser(t, { birthdate: yearsAgo(11) });
    const res = await upload(kid, 'v1/me/profile-picture', 'avatar.jpg', await photo(400, 400));
    expect(res.status).toBe(200);
    expect(((await getMe(t, kid.accessToken)) as CurrentUser).profilePicture).toBe(res.json.url);
    const cover = await upload(kid, 'v1/me/cover-picture', 'cover-picture.jpg', await photo(400, 400));
    expect([cover.status, cover.json.error?.code]).toEqual([403, 'SOCIAL_NOT_ELIGIBLE']);
    const byName = await fetchPicture(`/api/v1/accounts/${kid.username}/picture`);
    expect(byName.headers['content-type']).toBe('image/png');
  });
});
