import { z } from 'zod';
import type { FieldErrorCode } from './errors.ts';

export const MIN_PASSWORD_LENGTH = 7;
export const MIN_SOCIAL_AGE = 13;
export const LOCALES = ['en', 'fr'] as const;
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;

/** Field rules carry a FieldErrorCode as message: the server returns it, the web translates it. */
const code = (c: FieldErrorCode) => ({ message: c });

export const EmailSchema = z.email(code('invalid_email')).max(254, code('too_long'));
export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, code('password_too_short'))
  .max(200, code('too_long'));
export const UsernameSchema = z
  .string()
  .min(2, code('username_length'))
  .max(30, code('username_length'))
  .regex(/^[A-Za-z0-9]+$/, code('username_alphanumeric'));
/** Calendar date, YYYY-MM-DD, not in the future and not before 1900. */
export const BirthdateSchema = z
  .string(code('birthdate_required'))
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
