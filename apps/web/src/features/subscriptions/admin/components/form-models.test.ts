import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-error';
import { productOf } from '../test-render';
import {
  centsOf,
  emptyProductForm,
  productBodyOf,
  productFieldErrors,
  productFormOf,
  validateProductForm,
} from './product-form-model';
import { emptyPromoForm, promoBodyOf, validatePromoForm } from './promo-form-model';

describe('product form', () => {
  it('reads euros with a point or a comma as integer cents, without floating point', () => {
    expect(centsOf('9.99')).toBe(999);
    expect(centsOf('9,9')).toBe(990);
    expect(centsOf(' 10 ')).toBe(1000);
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf('1 000,50')).toBe(100050);
    expect(centsOf('9.999')).toBeNull();
    expect(centsOf('-1')).toBeNull();
    expect(centsOf('abc')).toBeNull();
  });

  it('round-trips a product, and sends a free one at 0 with no trial', () => {
    const product = productOf({ priceCents: 1250, trial: { length: 2, unit: 'month' } });
    expect(productBodyOf(productFormOf(product))).toEqual({
      name: product.name,
      description: product.description,
      priceCents: 1250,
      free: false,
      trial: { length: 2, unit: 'month' },
    });
    const free = { ...emptyProductForm(), nameEn: 'Gift', nameFr: 'Cadeau', free: true, hasTrial: true, price: '5' };
    expect(productBodyOf(free)).toMatchObject({ priceCents: 0, free: true, trial: null });
    expect(validateProductForm(free)).toEqual({});
  });

  it('asks for both names and a price before sending', () => {
    expect(validateProductForm(emptyProductForm())).toEqual({
      nameEn: 'required',
      nameFr: 'required',
      price: 'required',
    });
  });

  it('puts the server’s field codes on the form’s fields', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'no', {
      'name.fr': 'too_long',
      priceCents: 'price_too_low',
      'trial.length': 'trial_too_long',
    });
    expect(productFieldErrors(error)).toEqual({
      nameFr: 'too_long',
      price: 'price_too_low',
      trialLength: 'trial_too_long',
    });
  });
});

describe('promo code form', () => {
  it('checks the code’s shape, the product and the bounds', () => {
    expect(validatePromoForm({ ...emptyPromoForm(), code: 'ab', months: '30' })).toEqual({
      code: 'invalid',
      productId: 'required',
      months: 'invalid',
    });
    expect(validatePromoForm({ ...emptyPromoForm(), productId: 'p', multi: true, maxUses: '0' })).toEqual({
      maxUses: 'invalid',
    });
  });

  it('a single-use code is sent with one use, whatever the hidden field says', () => {
    expect(promoBodyOf({ ...emptyPromoForm(), productId: 'p', maxUses: '40' })).toEqual({
      productId: 'p',
      months: 1,
      maxUses: 1,
      expiresAt: null,
    });
  });
});
