import type { FieldErrorCode } from '@tutti/contract/errors';

/** Kept apart from validation.ts (which runs the contract's zod schemas) so the login page stays light. */
export const requiredCode = (value: string): FieldErrorCode | null => (value.trim() === '' ? 'required' : null);
