import { z } from 'zod';

/** Pieces of the environment's schema (config.ts), shared by the domains that parse their own variables. An empty
 *  variable counts as unset. */

export const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
export const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
export const positiveInt = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(fallback));
/** 0 lets the system pick a free port (tests). */
export const portNumber = z.coerce.number().int().min(0).max(65535);
export const flag = (fallback: boolean) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  );
