import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { busTopics } from '@tutti/contract/bus';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { databases } from './support/databases.ts';
import { createOpenRehearsal, eventsOn, sessionsSuite } from './support/sessions.ts';
import { multipart, uploadCover } from './support/uploads.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();

describe.each(databases())('session cover on $name', (database) => {
  const {
    h,
    users: [ann, bob],
  } = sessionsSuite(database, [createUser, createUser]);

  const upload = (user: SignedInUser, id: string, payload: Buffer, contentType?: string) =>
    uploadCover(h.t, user, id, payload, contentType);

  it('resizes a PNG to a 1200×630 JPEG, serves it, replaces the previous one and publishes the change', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const from = h.events.length;
    const first = await upload(ann, s.id, multipart('file', 'cover.jpg', 'image/jpeg', await png(2000, 1500)));
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.coverPicture).toMatch(new RegExp(`^/uploads/sessions/${s.id}-[0-9a-f]+\\.jpg$`));
    const served = await h.t.app.inject({ method: 'GET', url: first.json.coverPicture ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1200, 630, undefined]);
    expect(eventsOn(h, busTopics.session(s.id), from)).toEqual([
      { event: 'updated', session: expect.objectContaining({ coverPicture: first.json.coverPicture }) },
    ]);

    const second = await upload(ann, s.id, multipart('file', 'cover.jpg', 'image/png', await png(300, 300)));
    expect(second.status).toBe(200);
    expect(second.json.coverPicture).not.toBe(first.json.coverPicture);
    const oldFile = join(h.t.dataDir, 'uploads', (first.json.coverPicture ?? '').replace('/uploads/', ''));
    expect(existsSync(oldFile)).toBe(false);
    expect((await h.t.app.inject({ method: 'GET', url: first.json.coverPicture ?? '' })).statusCode).toBe(404);
  });

  it('refuses a text file named cover.jpg, a missing field and a non-multipart body with 400 INVALID_IMAGE', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const text = await upload(
      ann,
      s.id,
      multipart('file', 'cover.jpg', 'image/jpeg', Buffer.from('not an image at all')),
    );
    expect(text.status).toBe(400);
    expect(text.json.error.code).toBe('INVALID_IMAGE');
    const wrongField = await upload(ann, s.id, multipart('picture', 'cover.jpg', 'image/png', await png(10, 10)));
    expect(wrongField.status).toBe(400);
    expect(wrongField.json.error.code).toBe('INVALID_IMAGE');
    const json = await upload(ann, s.id, Buffer.from('{}'), 'application/json');
    expect(json.status).toBe(400);
    expect(json.json.error.code).toBe('INVALID_IMAGE');
  });

  it('refuses a malformed multipart body (no boundary, cut short) with 400 INVALID_IMAGE, not a 500', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const noBoundary = await upload(ann, s.id, Buffer.from('garbage'), 'multipart/form-data');
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.json.error.code).toBe('INVALID_IMAGE');
    const whole = multipart('file', 'cover.jpg', 'image/png', await png(10, 10));
    const cut = await upload(ann, s.id, whole.subarray(0, whole.length - 20));
    expect(cut.status).toBe(400);
    expect(cut.json.error.code).toBe('INVALID_IMAGE');
  });

  it('refuses a file over 5 MB with 413', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const res = await upload(
      ann,
      s.id,
      multipart('file', 'cover.jpg', 'image/jpeg', Buffer.alloc(5 * 1024 * 1024 + 10, 1)),
    );
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('is for the organizer only (403)', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const res = await upload(bob, s.id, multipart('file', 'cover.jpg', 'image/png', await png(10, 10)));
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('FORBIDDEN');
  });

  it('is documented as a multipart upload', async () => {
    const doc = await h.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const op = (
      JSON.parse(doc.body) as { paths: Record<string, Record<string, { requestBody?: { content: object } }>> }
    ).paths['/api/v1/open-rehearsal/{id}/cover-picture']?.['put'];
    expect(Object.keys(op?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
  });
});
