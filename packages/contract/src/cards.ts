/**
 * A card number's own check (Luhn's check digit), shared by the payment form, which refuses a mistyped number before
 * sending it, and the payment sandbox, which answers as Stripe does. No zod here: the form's chunk stays small.
 */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
