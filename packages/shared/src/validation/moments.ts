import { dateRangeSchema } from './rules';

/**
 * The moments the service accepts for what it stores or searches by (audit log dates,
 * notification schedules): the years 1 to 9999. JavaScript's dates reach much further, but beyond
 * these years they have no four-digit ISO form and the database refuses them, so a date such as
 * the year 200000 is refused here, with the shared words, instead of failing in a query.
 */
export const storableMoments = {
  min: new Date('0001-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
} as const;

/** A Date, ISO text or epoch milliseconds within `storableMoments`; gives a Date. */
export const momentSchema = dateRangeSchema(storableMoments.min, storableMoments.max).meta({
  description: 'A moment as ISO 8601 text or epoch milliseconds, in the years 1 to 9999',
  anyOf: [{ type: 'string' }, { type: 'integer' }],
});
