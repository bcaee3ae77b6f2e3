import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { CURRENCY, type AvailableProduct, type Product, type ProductBody } from '@tutti/contract/subscriptions';
import type { Page, PageQuery } from '@tutti/contract/common';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { products, subscriptions, type NewProductRow, type ProductRow } from './subscriptions.schema.ts';

const productNotFound = () => notFound('No such product.');

export function presentProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: { en: row.nameEn, fr: row.nameFr },
    description: { en: row.descriptionEn, fr: row.descriptionFr },
    priceCents: row.priceCents,
    currency: CURRENCY,
    free: row.free,
    trial: row.trialLength !== null && row.trialUnit !== null ? { length: row.trialLength, unit: row.trialUnit } : null,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const columnsOf = (body: ProductBody): Omit<NewProductRow, 'id' | 'enabled' | 'createdAt' | 'updatedAt'> => ({
  nameEn: body.name.en,
  nameFr: body.name.fr,
  descriptionEn: body.description.en,
  descriptionFr: body.description.fr,
  priceCents: body.priceCents,
  free: body.free,
  trialLength: body.trial?.length ?? null,
  trialUnit: body.trial?.unit ?? null,
});

/** The products musicians subscribe to: administrators write them, musicians read the enabled paid ones. */
export function createProductsService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  const row = async (id: string): Promise<ProductRow> => {
    const [found] = await db.select().from(products).where(eq(products.id, id));
    if (!found) throw productNotFound();
    return found;
  };
  const setEnabled = async (id: string, enabled: boolean): Promise<Product> => {
    const [updated] = await db
      .update(products)
      .set({ enabled, updatedAt: now() })
      .where(eq(products.id, id))
      .returning();
    if (!updated) throw productNotFound();
    return presentProduct(updated);
  };

  return {
    async list(query: PageQuery): Promise<Page<Product>> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(products)
          .orderBy(desc(products.createdAt), asc(products.id))
          .limit(query.size)
          .offset((query.p - 1) * query.size),
        db.select({ n: count() }).from(products),
      ]);
      return { items: rows.map(presentProduct), page: query.p, size: query.size, total: total?.n ?? 0 };
    },

    get: async (id: string): Promise<Product> => presentProduct(await row(id)),

    async create(body: ProductBody): Promise<Product> {
      const at = now();
      const [created] = await db
        .insert(products)
        .values({ ...columnsOf(body), enabled: false, createdAt: at, updatedAt: at })
        .returning();
      return presentProduct(created!);
    },

    async update(id: string, body: ProductBody): Promise<Product> {
      const [updated] = await db
        .update(products)
        .set({ ...columnsOf(body), updatedAt: now() })
        .where(eq(products.id, id))
        .returning();
      if (!updated) throw productNotFound();
      return presentProduct(updated);
    },

    async remove(id: string): Promise<void> {
      await row(id);
      const [used] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.productId, id))
        .limit(1);
      if (used) {
        throw new AppError(409, 'PRODUCT_IN_USE', 'Musicians subscribed to this product: disable it instead.');
      }
      await db.delete(products).where(eq(products.id, id));
    },

    enable: (id: string) => setEnabled(id, true),
    disable: (id: string) => setEnabled(id, false),

    /** The enabled paid products, the cheapest first, for a musician whose trial is used or not (SPEC 4). */
    async available(trialUsed: boolean): Promise<AvailableProduct[]> {
      const rows = await db
        .select()
        .from(products)
        .where(sql`${products.enabled} and not ${products.free}`)
        .orderBy(asc(products.priceCents), asc(products.createdAt));
      return rows.map((r) => {
        const { enabled: _enabled, createdAt: _created, updatedAt: _updated, ...product } = presentProduct(r);
        return { ...product, trialAvailable: !trialUsed && product.trial !== null };
      });
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
