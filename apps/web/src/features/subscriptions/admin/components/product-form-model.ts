import type { FieldErrorCode } from '@tutti/contract/errors';
import type { Product, TRIAL_UNITS } from '@tutti/contract/subscriptions';
import { ApiError } from '../../../../lib/api-error';
import type { ProductBody } from '../api/products';

type TrialUnit = (typeof TRIAL_UNITS)[number];

/** What the product form holds: the price as typed (euros, "9.99" or "9,99"), the trial as two fields. */
export interface ProductFormValues {
  nameEn: string;
  nameFr: string;
  descriptionEn: string;
  descriptionFr: string;
  price: string;
  free: boolean;
  hasTrial: boolean;
  trialLength: string;
  trialUnit: TrialUnit;
}
export type ProductFormField = Exclude<keyof ProductFormValues, 'hasTrial'>;

export const emptyProductForm = (): ProductFormValues => ({
  nameEn: '',
  nameFr: '',
  descriptionEn: '',
  descriptionFr: '',
  price: '',
  free: false,
  hasTrial: false,
  trialLength: '14',
  trialUnit: 'day',
});

/** 999 cents as "9.99": the form shows euros with a point, whatever the language (a comma is accepted back). */
const eurosOf = (cents: number): string => (cents / 100).toFixed(2);

export function productFormOf(product: Product): ProductFormValues {
  return {
    nameEn: product.name.en,
    nameFr: product.name.fr,
    descriptionEn: product.description.en,
    descriptionFr: product.description.fr,
    price: product.free ? '' : eurosOf(product.priceCents),
    free: product.free,
    hasTrial: product.trial !== null,
    trialLength: String(product.trial?.length ?? 14),
    trialUnit: product.trial?.unit ?? 'day',
  };
}

const PRICE_PATTERN = /^\d{1,6}(?:[.,]\d{1,2})?$/;

/** "9.99", "9,99", "10" -> integer cents; null when it is not an amount of euros. No floating point on the way. */
export function centsOf(price: string): number | null {
  const text = price.trim().replace(/\s/g, '');
  if (!PRICE_PATTERN.test(text)) return null;
  const [euros = '0', decimals = ''] = text.split(/[.,]/);
  return Number(euros) * 100 + Number(decimals.padEnd(2, '0'));
}

/** The checks the form makes before sending; the server judges the rest (minimum price, trial length…). */
export function validateProductForm(values: ProductFormValues): Partial<Record<ProductFormField, FieldErrorCode>> {
  const errors: Partial<Record<ProductFormField, FieldErrorCode>> = {};
  if (!values.nameEn.trim()) errors.nameEn = 'required';
  if (!values.nameFr.trim()) errors.nameFr = 'required';
  if (!values.free) {
    if (!values.price.trim()) errors.price = 'required';
    else if (centsOf(values.price) === null) errors.price = 'invalid';
  }
  if (!values.free && values.hasTrial && !/^\d{1,3}$/.test(values.trialLength.trim())) errors.trialLength = 'invalid';
  return errors;
}

/** The body of POST / PUT v1/products: a free product costs 0 and has no trial. */
export function productBodyOf(values: ProductFormValues): ProductBody {
  const trial =
    !values.free && values.hasTrial ? { length: Number(values.trialLength.trim()), unit: values.trialUnit } : null;
  return {
    name: { en: values.nameEn.trim(), fr: values.nameFr.trim() },
    description: { en: values.descriptionEn.trim(), fr: values.descriptionFr.trim() },
    priceCents: values.free ? 0 : (centsOf(values.price) ?? 0),
    free: values.free,
    trial,
  };
}

/** Where each field of the body (as the server names them in a 400) shows in the form. */
const FIELD_OF_BODY_PATH: Record<string, ProductFormField> = {
  name: 'nameEn',
  'name.en': 'nameEn',
  'name.fr': 'nameFr',
  description: 'descriptionEn',
  'description.en': 'descriptionEn',
  'description.fr': 'descriptionFr',
  priceCents: 'price',
  free: 'free',
  trial: 'trialLength',
  'trial.length': 'trialLength',
  'trial.unit': 'trialUnit',
};

/** The server's field codes of a refused product, on the form's own fields (the first code of a field wins). */
export function productFieldErrors(error: unknown): Partial<Record<ProductFormField, FieldErrorCode>> {
  const out: Partial<Record<ProductFormField, FieldErrorCode>> = {};
  if (!(error instanceof ApiError)) return out;
  for (const [path, code] of Object.entries(error.fields)) {
    const field = FIELD_OF_BODY_PATH[path];
    if (field && code && !out[field]) out[field] = code;
  }
  return out;
}
