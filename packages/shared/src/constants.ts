/**
 * Business constants and limits of docs/requirements.md §10, written once for the browser and the server.
 */

/** The product's name, used in tab titles, emails and documents. */
export const PRODUCT_NAME = 'HomeMinder';

export const paging = {
  defaultPage: 1,
  defaultPageSize: 10,
  /** The page-size choice "all" is served as this many rows. */
  allPageSize: 200,
  /** The largest page size any grid may ask for. */
  maxPageSize: 200,
} as const;

export const bulkPaging = {
  firstPage: 1,
  pageSize: 1000,
} as const;

export const notificationPaging = {
  defaultPage: 1,
  defaultPageSize: 10,
  minPageSize: 1,
  maxPageSize: 100,
} as const;

export const emailLength = { min: 5, max: 255 } as const;

/** The longest names and address parts accepted: long enough for any real one, short enough for the grids. */
export const textMaxLength = { personName: 100, addressLine: 150, city: 80 } as const;
export const passwordMinLength = 8;

export const cardExpiryMonthLimit = { default: 120, min: 12, max: 120 } as const;

/** Saved client-side state carries this version; an older stored copy is discarded. */
export const savedStateVersion = 2;

/** The number-range helper refuses to produce more items than this. */
export const numberRangeMaxItems = 1000;

/** A bearer token lives this long from the moment it is set. */
export const sessionLifetimeMs = 2 * 60 * 60 * 1000;

/** A lazily loaded screen that has not arrived after this long counts as a failed load. */
export const chunkLoadTimeoutMs = 120_000;

export const defaultBasePath = '/ui/';

export const currencyCode = 'USD';

/** The special characters a password may use to satisfy the "special character" class. */
export const passwordSpecialCharacters = '-!@#$%^&*()_+=`~';

/** The local hour (corporation's time zone) from which a realtor's morning digest goes out. */
export const attentionDigestHour = 7;
