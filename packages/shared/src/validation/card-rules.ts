/**
 * The payment card rules of the validation rules (rules.ts re-exports them): number, security code
 * and expiry, and the check of the code against the card's brand.
 */
import type { z } from 'zod';
import { cardExpiryMonthLimit } from '../constants';
import { messages } from './messages';
import { isBlank } from './predicates';
import { requiredMatching, text } from './text-schemas';

/**
 * The Luhn check every payment card number passes: it catches one mistyped digit and most swapped
 * pairs before the number reaches the payment processor, which stays the authority on whether the
 * card exists.
 */
export function passesLuhnCheck(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card's brand from its number, for display next to the last four digits. */
export function cardBrandOf(number: string): string {
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'Mastercard';
  if (/^(6011|65|64[4-9])/.test(number)) return 'Discover';
  return 'Card';
}

/**
 * Card number: 15 (American Express) or 16 digits once spaces and dashes are removed, passing the
 * Luhn check; the value comes out as digits only.
 */
export const cardNumberSchema = text()
  .overwrite((value) => value.replace(/[\s-]/g, ''))
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: messages.required });
    else if (!/^[0-9]{15,16}$/.test(value))
      ctx.addIssue({ code: 'custom', message: messages.cardNumberInvalid });
    else if (!passesLuhnCheck(value)) ctx.addIssue({ code: 'custom', message: messages.cardNumberChecksum });
  });

/** CVV: 3 or 4 digits; `securityCodeMatchesCard` then asks for the length the card's brand uses. */
export const cvvSchema = requiredMatching((v) => /^[0-9]{3,4}$/.test(v), messages.cvvInvalid);

/**
 * An American Express card has a 4-digit security code on its front, every other brand a 3-digit
 * one on its back. Validated only once the number and the code each have a valid shape, so a field
 * shows one message at a time.
 */
export function securityCodeMatchesCard(card: { number: string; cvv: string }, ctx: z.RefinementCtx): void {
  if (!/^[0-9]{15,16}$/.test(card.number) || !/^[0-9]{3,4}$/.test(card.cvv)) return;
  const americanExpress = cardBrandOf(card.number) === 'American Express';
  if (americanExpress && card.cvv.length !== 4)
    ctx.addIssue({ code: 'custom', message: messages.cvvAmericanExpress, path: ['cvv'] });
  else if (!americanExpress && card.cvv.length !== 3)
    ctx.addIssue({ code: 'custom', message: messages.cvvThreeDigits, path: ['cvv'] });
}

export interface CardExpiryOptions {
  /**
   * The moment to validate against. Leave it out in long-lived code: the clock is then read at each
   * parse, so a schema built at server start-up keeps working next month.
   */
  now?: Date;
  /** How many months ahead an expiry may lie: 12 to 120, default 120 (constants.cardExpiryMonthLimit). */
  monthLimit?: number;
}

/**
 * Card expiry as MMYY: four digits, month 01-12, not before the current month and not more than
 * `monthLimit` months after it (the current month and exactly the limit are both accepted).
 * "MM/YY", as printed on the card, is read too and comes out as MMYY.
 * "Too far ahead" reads `messages.expiryTooLarge`, a past month `messages.cardExpired`, every
 * other problem `messages.expiryInvalid`.
 * Months are counted in the local time of the machine (the person's own month in the browser).
 * YY is read in the century of `now`.
 * @throws RangeError when `monthLimit` is not a whole number from 12 to 120.
 */
export function cardExpirySchema(options: CardExpiryOptions = {}) {
  const monthLimit = options.monthLimit ?? cardExpiryMonthLimit.default;
  if (
    !Number.isInteger(monthLimit) ||
    monthLimit < cardExpiryMonthLimit.min ||
    monthLimit > cardExpiryMonthLimit.max
  ) {
    throw new RangeError(
      `monthLimit must be a whole number from ${cardExpiryMonthLimit.min} to ${cardExpiryMonthLimit.max}; got ${monthLimit}`,
    );
  }
  return text()
    .overwrite((value) => value.replace(/^\s*([0-9]{2})\s*\/?\s*([0-9]{2})\s*$/, '$1$2'))
    .superRefine((value, ctx) => {
      if (isBlank(value)) {
        ctx.addIssue({ code: 'custom', message: messages.required });
        return;
      }
      const now = options.now ?? new Date();
      const match = /^([0-9]{2})([0-9]{2})$/.exec(value);
      const month = Number(match?.[1]);
      if (!match || month < 1 || month > 12) {
        ctx.addIssue({ code: 'custom', message: messages.expiryInvalid });
        return;
      }
      // Compare as a count of months since year 0, so year boundaries need no special case.
      const year = Math.floor(now.getFullYear() / 100) * 100 + Number(match[2]);
      const expiry = year * 12 + (month - 1);
      const current = now.getFullYear() * 12 + now.getMonth();
      if (expiry < current) ctx.addIssue({ code: 'custom', message: messages.cardExpired });
      else if (expiry > current + monthLimit)
        ctx.addIssue({ code: 'custom', message: messages.expiryTooLarge });
    });
}
