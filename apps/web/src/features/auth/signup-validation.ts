import type { FieldErrorCode } from '@tutti/contract/errors';
import { birthdateCode, emailCode, passwordCode, usernameCode } from '../../lib/validation';

export interface SignUpValues {
  email: string;
  password: string;
  username: string;
  birthdate: string;
}

export const SIGN_UP_FIELDS = ['email', 'password', 'username', 'birthdate'] as const;

/** Spec section 5 rules, with the contract's schemas: one FieldErrorCode per invalid field. */
export function validateSignUp(values: SignUpValues): Partial<Record<keyof SignUpValues, FieldErrorCode>> {
  const errors: Partial<Record<keyof SignUpValues, FieldErrorCode>> = {};
  const email = emailCode(values.email);
  const password = passwordCode(values.password);
  const username = usernameCode(values.username);
  const birthdate = birthdateCode(values.birthdate);
  if (email) errors.email = email;
  if (password) errors.password = password;
  if (username) errors.username = username;
  if (birthdate) errors.birthdate = birthdate;
  return errors;
}
