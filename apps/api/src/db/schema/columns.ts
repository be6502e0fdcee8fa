/** Column helpers the schema's tables share: keys, timestamps, the client grid's name order. */
import { sql } from 'drizzle-orm';
import { customType, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** When a row people edit was made and last changed. */
export const timestamps = { createdAt: createdAt(), updatedAt: updatedAt() };

/** The leading columns of a corporation's row: the corporation, then the row's id, the pair its primary key. */
export const tenantRowKey = { tenantId: uuid().notNull(), id: uuid().notNull().defaultRandom() };

/**
 * The client grid's name order (last name, first name, id, ignoring case), the last columns of the
 * indexes a page in that order is read off.
 */
export const nameOrder = (t: { lastName: AnyPgColumn; firstName: AnyPgColumn; id: AnyPgColumn }) =>
  [sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id] as const;
