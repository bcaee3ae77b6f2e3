import { FieldErrorCodeSchema, type FieldErrorCode } from '@tutti/contract/errors';
import { BirthdateSchema, EmailSchema, PasswordSchema, UsernameSchema } from '@tutti/contract/common';

/** The part of a zod schema used here (structural, so the web needs no direct zod import). */
interface SafeParser {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * Runs a contract schema on one value and returns its FieldErrorCode (the contract's messages are those
 * codes), so the browser and the server judge a field the same way.
 */
export function fieldCode(schema: SafeParser, value: unknown): FieldErrorCode | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const parsed = FieldErrorCodeSchema.safeParse(result.error.issues[0]?.message);
  return parsed.success ? parsed.data : 'invalid';
}

export const emailCode = (email: string) => fieldCode(EmailSchema, email.trim());
export const passwordCode = (password: string) => fieldCode(PasswordSchema, password);
export const birthdateCode = (birthdate: string) => fieldCode(BirthdateSchema, birthdate);

/** The spec's alphanumeric rule speaks first, also for an empty name: it is the message users know. */
export function usernameCode(username: string): FieldErrorCode | null {
  if (!/^[A-Za-z0-9]+$/.test(username)) return 'username_alphanumeric';
  return fieldCode(UsernameSchema, username);
}
