import { BANNER_UPLOAD, BannerBodySchema, type Banner, type BannerBody } from '@tutti/contract/content';
import type { FastifyRequest } from 'fastify';
import { record } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { readUploadedParts } from '../../platform/storage/http.ts';
import { IMAGE_PRESETS, invalidImage, storeImage } from '../../platform/storage/images.ts';
import { deleteQuietly, type Storage } from '../../platform/storage/storage.ts';
import type { ContentRepository } from './content.repository.ts';
import type { BannerRow } from './content.schema.ts';

export interface BannersDeps {
  db: Db;
  repo: ContentRepository;
  storage: Storage;
  log: { warn(obj: object, msg: string): void };
  now: () => Date;
}

const FOLDER = 'banners';

/** The `banner` field of the form: JSON {rank, link}, checked by the contract's schema like any body. */
function parseBannerField(value: string | undefined): BannerBody {
  const field = BANNER_UPLOAD.json;
  const invalid = (fields: Record<string, string>) =>
    new AppError(400, 'VALIDATION_FAILED', 'Some fields are invalid.', {
      fields: fields as Record<string, 'invalid'>,
    });
  if (value === undefined) throw invalid({ [field]: 'required' });
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw invalid({ [field]: 'invalid' });
  }
  const parsed = BannerBodySchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = [field, ...issue.path.map(String)].join('.');
    fields[key] ??= /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid';
  }
  throw invalid(fields);
}

/** The alternative text's columns: an empty language is none (null). Without `alt` (older clients), nothing. */
function altColumns(alt: BannerBody['alt']): Partial<Pick<BannerRow, 'altEn' | 'altFr'>> {
  if (!alt) return {};
  return { altEn: alt.en || null, altFr: alt.fr || null };
}

/** Banners: two pictures checked by content and re-encoded (platform/storage/images.ts), stored under fresh keys;
 *  a banner's row holds the keys, its answer the public URLs. */
export function createBannersService(deps: BannersDeps) {
  const { db, repo, storage, now } = deps;
  const present = (row: BannerRow): Banner => ({
    id: row.id,
    rank: row.rank,
    link: row.link,
    smallUrl: storage.publicUrl(row.smallKey),
    largeUrl: row.largeKey ? storage.publicUrl(row.largeKey) : null,
    alt: { en: row.altEn, fr: row.altFr },
    createdAt: row.createdAt.toISOString(),
  });

  return {
    async list(): Promise<Banner[]> {
      return (await repo.listBanners()).map(present);
    },

    async create(actorId: string, request: FastifyRequest): Promise<Banner> {
      const [small, large] = [BANNER_UPLOAD.field, ...BANNER_UPLOAD.optional];
      const parts = await readUploadedParts(request, { files: [small, large], fields: [BANNER_UPLOAD.json] });
      const body = parseBannerField(parts.fields.get(BANNER_UPLOAD.json));
      const smallBytes = parts.files.get(small);
      if (!smallBytes) throw invalidImage();
      const largeBytes = parts.files.get(large);
      const keys: string[] = [];
      try {
        const place = { folder: FOLDER, owner: actorId };
        keys.push(await storeImage(storage, smallBytes, IMAGE_PRESETS.bannerSmall, place));
        if (largeBytes) keys.push(await storeImage(storage, largeBytes, IMAGE_PRESETS.bannerLarge, place));
        const at = now();
        const row = await db.transaction(async (tx) => {
          const inserted = await repo.insertBanner(tx, {
            rank: body.rank,
            link: body.link,
            smallKey: keys[0] ?? '',
            largeKey: keys[1] ?? null,
            altEn: null,
            altFr: null,
            ...altColumns(body.alt),
            createdAt: at,
          });
          await record(tx, { actorId, action: 'banner.create', details: { id: inserted.id, ...body }, at });
          return inserted;
        });
        return present(row);
      } catch (e) {
        // A refused large picture or a failed insert leaves no stored file behind.
        for (const key of keys) await deleteQuietly(storage, key, deps.log);
        throw e;
      }
    },

    async update(actorId: string, id: string, body: BannerBody): Promise<Banner> {
      const at = now();
      const row = await db.transaction(async (tx) => {
        const updated = await repo.updateBanner(tx, id, { rank: body.rank, link: body.link, ...altColumns(body.alt) });
        if (!updated) throw notFound('No such banner');
        await record(tx, { actorId, action: 'banner.update', details: { id, ...body }, at });
        return updated;
      });
      return present(row);
    },

    async remove(actorId: string, id: string): Promise<void> {
      const at = now();
      const row = await db.transaction(async (tx) => {
        const deleted = await repo.deleteBanner(tx, id);
        if (!deleted) throw notFound('No such banner');
        await record(tx, { actorId, action: 'banner.delete', details: { id, link: deleted.link }, at });
        return deleted;
      });
      for (const key of [row.smallKey, row.largeKey]) if (key) await deleteQuietly(storage, key, deps.log);
    },
  };
}
