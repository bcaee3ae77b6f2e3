import { describe, expect, it } from 'vitest';
import { luhnValid } from '@tutti/contract/cards';
import { cardProblems, formatCardNumber, formatExpiry } from './card-input';

describe('card input', () => {
  const now = new Date('2030-06-15T12:00:00Z');

  it('checks the number by Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000002500003155')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });

  it('formats as typed', () => {
    expect(formatCardNumber('42424242 4242-4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12/3')).toBe('12/3');
  });

  it('a card valid through the end of its month', () => {
    const card = { number: '4242 4242 4242 4242', cvc: '123' };
    expect(cardProblems({ ...card, expiry: '06/30' }, now)).toEqual({});
    expect(cardProblems({ ...card, expiry: '05/30' }, now)).toEqual({ expiry: 'expired' });
    expect(cardProblems({ ...card, expiry: '00/31' }, now)).toEqual({ expiry: 'invalid' });
    expect(cardProblems({ number: '', expiry: '', cvc: '12345' }, now)).toEqual({
      number: 'required',
      expiry: 'required',
      cvc: 'invalid',
    });
  });
});
