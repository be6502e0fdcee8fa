/**
 * Parts of responses that several contracts share, so that a person, an address or a record's
 * corporation reads the same in every response it is part of. Spread one into `z.object({ ... })`.
 */
import { z } from '../zod';

/** A person as the portal names and writes to them. */
export const personShape = {
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
};

/** A property's address. */
export const addressShape = {
  addressLine: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
};

/** An address that may be missing or given only in part: a corporation's, or a client without a property. */
export const optionalAddressShape = {
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
};

/** How a corporation's clients may reach it; either may be missing. */
export const corporationContactShape = {
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
};

/** The corporation a record belongs to; its name is null once nothing names it. */
export const recordTenantShape = {
  tenantId: z.string(),
  tenantName: z.string().nullable(),
};

/** Which page of a list a response holds, and how many rows a page has. */
export const pagePositionShape = {
  page: z.number(),
  pageSize: z.number(),
};

/** A response that tells the person, in a sentence, what was done; some responses add to it. */
export const messageResponseSchema = z.object({ message: z.string() });

/** When a record was made and last changed (ISO text). */
export const timestampsShape = {
  createdAt: z.string(),
  updatedAt: z.string(),
};

/**
 * One field of the same schema for each name of a list, so that a schema with a field per status,
 * kind or column follows its list when the list changes: `{ ...fieldPer(replyKinds, z.number()) }`.
 */
export function fieldPer<const Name extends string, Schema extends z.ZodType>(
  names: readonly Name[],
  schema: Schema,
): Record<Name, Schema> {
  return Object.fromEntries(names.map((name) => [name, schema])) as Record<Name, Schema>;
}
