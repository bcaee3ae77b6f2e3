import type { FieldErrorCode } from '@tutti/contract/errors';
import { PROMO_CODE_PATTERN, PROMO_MONTHS_MAX, PROMO_USES_MAX } from '@tutti/contract/subscriptions';
import type { ProductTokenBody } from '../api/product-tokens';

/** The promo code form: numbers as typed, the expiry as the date input gives it (YYYY-MM-DD, or empty). */
export interface PromoFormValues {
  code: string;
  productId: string;
  months: string;
  multi: boolean;
  maxUses: string;
  expiresOn: string;
}
export type PromoFormField = Exclude<keyof PromoFormValues, 'multi'>;

export const emptyPromoForm = (): PromoFormValues => ({
  code: '',
  productId: '',
  months: '1',
  multi: false,
  maxUses: '10',
  expiresOn: '',
});

/** Codes are upper-case: what was typed in lower case is the same code. */
export const normalizedCode = (code: string): string => code.trim().toUpperCase();

const wholeIn = (text: string, min: number, max: number): boolean => {
  const n = Number(text.trim());
  return /^\d+$/.test(text.trim()) && n >= min && n <= max;
};

/** The checks the form makes before sending (the contract's own bounds); the server judges the rest. */
export function validatePromoForm(values: PromoFormValues): Partial<Record<PromoFormField, FieldErrorCode>> {
  const errors: Partial<Record<PromoFormField, FieldErrorCode>> = {};
  const code = normalizedCode(values.code);
  if (code && !PROMO_CODE_PATTERN.test(code)) errors.code = 'invalid';
  if (!values.productId) errors.productId = 'required';
  if (!wholeIn(values.months, 1, PROMO_MONTHS_MAX)) errors.months = 'invalid';
  if (values.multi && !wholeIn(values.maxUses, 1, PROMO_USES_MAX)) errors.maxUses = 'invalid';
  if (values.expiresOn && !/^\d{4}-\d{2}-\d{2}$/.test(values.expiresOn)) errors.expiresOn = 'invalid';
  return errors;
}

/** The body of POST v1/product-tokens: an empty code is left out (the server makes one up); a date is usable until
 *  the end of that day, in UTC. */
export function promoBodyOf(values: PromoFormValues): ProductTokenBody {
  const code = normalizedCode(values.code);
  return {
    ...(code && { code }),
    productId: values.productId,
    months: Number(values.months.trim()),
    maxUses: values.multi ? Number(values.maxUses.trim()) : 1,
    expiresAt: values.expiresOn ? `${values.expiresOn}T23:59:59.999Z` : null,
  };
}

/** Where each field of the body (as the server names them in a 400) shows in the form. */
const FIELD_OF_BODY_PATH: Record<string, PromoFormField> = {
  code: 'code',
  productId: 'productId',
  months: 'months',
  maxUses: 'maxUses',
  expiresAt: 'expiresOn',
};

export function promoFieldErrors(error: { fields: Partial<Record<string, FieldErrorCode>> }) {
  const out: Partial<Record<PromoFormField, FieldErrorCode>> = {};
  for (const [path, code] of Object.entries(error.fields)) {
    const field = FIELD_OF_BODY_PATH[path];
    if (field && code && !out[field]) out[field] = code;
  }
  return out;
}
