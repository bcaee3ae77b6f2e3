import { z } from 'zod';
import type { FieldErrorCode } from './errors.ts';

export const MIN_PASSWORD_LENGTH = 7;
export const MIN_SOCIAL_AGE = 13;
export const LOCALES = ['en', 'fr'] as const;
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;

/** Field rules carry a FieldErrorCode as message: the server returns it, the web translates it. */
const code = (c: FieldErrorCode) => ({ message: c });

// Characters no input field accepts (decision 0016): C0 controls and DEL (NUL made PostgreSQL fail: a 500), C1
// controls, the invisible separators U+200B (zero-width space), U+2060 (word joiner) and U+FEFF (BOM), the line and
// paragraph separators U+2028/U+2029, the bidi embeddings, overrides and isolates U+202A-U+202E and U+2066-U+2069
// (they reorder what people read: spoofed names), and lone surrogates (not encodable in UTF-8). Right-to-left
// letters, the marks U+200E/U+200F and the joiners U+200C/U+200D (Persian, Indic scripts, emoji sequences) are text.
/** Single-line text: no C0 control at all. Matching control characters is this pattern's purpose. */
export const TEXT_PATTERN =
  // eslint-disable-next-line no-control-regex
  /^[^\u0000-\u001F\u007F-\u009F\u200B\u2028\u2029\u202A-\u202E\u2060\u2066-\u2069\uFEFF\p{Cs}]*$/u;
/** Multi-line text: tab, line feed and carriage return allowed. */
export const MULTILINE_TEXT_PATTERN =
  // eslint-disable-next-line no-control-regex
  /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u2028\u2029\u202A-\u202E\u2060\u2066-\u2069\uFEFF\p{Cs}]*$/u;

export interface TextOptions {
  /** Tab, line feed and carriage return allowed (a description). */
  multiline?: boolean;
  /** Field code when the value is missing or not a string; zod's generic one otherwise. */
  error?: FieldErrorCode;
}

/** The one string schema of every input (body, query, params, agent header): refuses control and invisible
 *  characters with `invalid_characters` before any other rule runs, so that field code wins. Chain min, max, trim,
 *  regex on it as on z.string(). Response schemas keep z.string(): they describe stored data. */
export function text(options: TextOptions = {}): z.ZodString {
  const pattern = options.multiline ? MULTILINE_TEXT_PATTERN : TEXT_PATTERN;
  return z.string(options.error && code(options.error)).regex(pattern, code('invalid_characters'));
}

/** A zod error option: missing is `required`; present but of the wrong type or format, `invalid`. */
export const requiredOrInvalid = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : 'invalid'),
};

export const EmailSchema = z
  .email(code('invalid_email'))
  .regex(TEXT_PATTERN, code('invalid_characters'))
  .max(254, code('too_long'));
export const PasswordSchema = text().min(MIN_PASSWORD_LENGTH, code('password_too_short')).max(200, code('too_long'));
export const UsernameSchema = text()
  .min(2, code('username_length'))
  .max(30, code('username_length'))
  .regex(/^[A-Za-z0-9]+$/, code('username_alphanumeric'));
/** Calendar date, YYYY-MM-DD, not in the future and not before 1900. */
export const BirthdateSchema = text({ error: 'birthdate_required' })
  .min(1, code('birthdate_required'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, code('birthdate_invalid'))
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) &&
      d.toISOString().slice(0, 10) === s &&
      d.getUTCFullYear() >= 1900 &&
      d.getTime() <= Date.now()
    );
  }, code('birthdate_invalid'));
export const UuidSchema = z.uuid();
export const IdParamsSchema = z.object({ id: UuidSchema });

/** Age in whole years on a given day, from a YYYY-MM-DD birthdate. */
export function ageOn(birthdate: string, today: Date = new Date()): number {
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export const LocalizedNameSchema = z.object({ en: z.string(), fr: z.string() });

/** Paged lists: `p` (1-based) and `size`, as the spec's other paged calls; every list a client cannot bound
 *  itself (sessions, posts) is paged, so no answer grows with what other accounts create. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;
/** Deeper pages are refused (400): nobody reads that far, and an OFFSET that large is a scan. */
export const PAGE_MAX = 10_000;
export const PageQuerySchema = z.object({
  p: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The one shape of a page: its items, which page and size they are, and how many there are in all (a page past
 *  the end is empty, with the same total). */
export const PageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    size: z.number().int().min(1),
    total: z.number().int().min(0),
  });
export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}
export { hasMorePages } from './paging.ts';
