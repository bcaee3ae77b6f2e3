import { luhnValid } from '@tutti/contract/cards';

/**
 * The sandbox payment form's card fields, checked in the page before anything is sent (Stripe's card element does the
 * same in Stripe mode): the number by Luhn's check digit, the expiry as MM/YY not yet past, the CVC of 3 or 4 digits.
 */

export type CardField = 'number' | 'expiry' | 'cvc';
export type CardFieldProblem = 'required' | 'invalid' | 'expired';
export type CardProblems = Partial<Record<CardField, CardFieldProblem>>;

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** "4242424242424242" as typed → "4242 4242 4242 4242" (19 digits at most). */
export function formatCardNumber(value: string): string {
  return onlyDigits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12/30"; a first digit above 1 is a month of its own ("4" → "04/"). */
export function formatExpiry(value: string): string {
  let digits = onlyDigits(value);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** "12/30" → month 12, year 2030; null when it is not MM/YY. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

function expiryProblem(expiry: string, now: Date): CardFieldProblem | undefined {
  if (expiry.trim() === '') return 'required';
  const parsed = parseExpiry(expiry);
  if (!parsed || parsed.month < 1 || parsed.month > 12) return 'invalid';
  // A card is valid through the last day of its month.
  const endOfMonth = Date.UTC(parsed.year, parsed.month, 1);
  return endOfMonth <= now.getTime() ? 'expired' : undefined;
}

export function cardProblems(card: CardInput, now: Date = new Date()): CardProblems {
  const problems: CardProblems = {};
  const number = onlyDigits(card.number);
  if (number === '') problems.number = 'required';
  else if (!luhnValid(number)) problems.number = 'invalid';
  const expiry = expiryProblem(card.expiry, now);
  if (expiry) problems.expiry = expiry;
  if (card.cvc.trim() === '') problems.cvc = 'required';
  else if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = 'invalid';
  return problems;
}
