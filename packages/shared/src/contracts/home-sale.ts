/**
 * A home handed to its next owner (docs/decisions/096): staff mark it sold with its closing date
 * and buyer; on that date the home, its profile, systems, documents and care record pass to the
 * buyer, and the seller keeps the home report up to the sale. Every field and message once.
 */
import { z } from '../zod';
import { formatDayInWords } from '../due-date';
import { idSchema } from '../validation/ids';
import { clientFields } from './client-fields';

export const homeSaleLimits = {
  /** How far ahead a closing may be set. */
  closingWithinDays: 366,
} as const;

export const homeSaleMessages = {
  closingOnInvalid: 'Give the closing date.',
  closingOnPast: 'The closing date cannot be before today.',
  closingOnTooFar: 'The closing date must be within a year from today.',
  buyerIsSeller: "The buyer's email is the seller's own: give the buyer's email.",
  realtorUnknown: 'That realtor was not found in your corporation.',
  pendingHome: 'This home is waiting for its own purchase to close; it cannot be sold before then.',
  notFound: 'This home is not marked as sold.',
  soldHomeNotFound: 'That sold home was not found.',
  marked: (closingOn: string) =>
    `Marked as sold. The home passes to its buyer on ${formatDayInWords(closingOn)}.`,
  changed: 'Sale saved.',
  undone: 'The sale is undone: the home stays with its owner.',
} as const;

/** Labels of the sale's fields, as the dialog and its errors name them. */
export const homeSaleLabels = {
  closingOn: 'Closing date',
  buyerFirstName: "Buyer's first name",
  buyerLastName: "Buyer's last name",
  buyerEmail: "Buyer's email",
  buyerRealtorId: "Buyer's realtor",
  buyer: 'Buyer',
} as const;

/** A local date, 'YYYY-MM-DD', that exists; the server checks it against the corporation's today. */
const closingOnSchema = z
  .string({ error: homeSaleMessages.closingOnInvalid })
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) &&
      new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value,
    { error: homeSaleMessages.closingOnInvalid },
  );

/** What staff give when they mark a home sold, or change its sale. */
export const homeSaleInputSchema = z.object({
  closingOn: closingOnSchema,
  buyerFirstName: clientFields.firstName.rule,
  buyerLastName: clientFields.lastName.rule,
  buyerEmail: clientFields.email.rule,
  /** The buyer's realtor in the corporation; none keeps the seller's realtor on the home. */
  buyerRealtorId: z.preprocess((value) => (value === '' ? null : value), idSchema.nullable().default(null)),
});
export type HomeSaleInput = z.input<typeof homeSaleInputSchema>;

/** A sale waiting for its closing date, as staff and the seller see it. */
export const homeSaleSchema = z.object({
  id: z.string(),
  closingOn: z.string(),
  buyerFirstName: z.string(),
  buyerLastName: z.string(),
  buyerEmail: z.string(),
  buyerRealtorId: z.string().nullable(),
  buyerRealtorName: z.string().nullable(),
});
export type HomeSale = z.infer<typeof homeSaleSchema>;

export const homeSaleAnswerSchema = z.object({
  sale: homeSaleSchema.nullable(),
  /** Staff's choices of the buyer's realtor: the corporation's realtors (none for the homeowner). */
  realtors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type HomeSaleAnswer = z.infer<typeof homeSaleAnswerSchema>;

export const homeSaleSavedSchema = z.object({ message: z.string(), sale: homeSaleSchema });
export type HomeSaleSaved = z.infer<typeof homeSaleSavedSchema>;

/** A home the homeowner sold: its address and closing date, with its report up to the sale. */
export const soldHomeSchema = z.object({ id: z.string(), address: z.string(), closingOn: z.string() });
export type SoldHome = z.infer<typeof soldHomeSchema>;
export const soldHomesSchema = z.object({ homes: z.array(soldHomeSchema) });
export type SoldHomes = z.infer<typeof soldHomesSchema>;

/** "Bob Buyer (bob@example.org)" */
export const buyerText = (sale: Pick<HomeSale, 'buyerFirstName' | 'buyerLastName' | 'buyerEmail'>) =>
  `${sale.buyerFirstName} ${sale.buyerLastName} (${sale.buyerEmail})`;
