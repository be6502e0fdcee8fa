/**
 * The one brand name of every page and email a corporation's clients and staff see: its site name
 * where it has one, else its name, else (no corporation known) the product's name
 * (docs/decisions/057). Every email, the homeowner pages and their tab titles take it from here.
 */
import { PRODUCT_NAME } from './constants';

export function brandName(corporation?: { siteName?: string | null; name?: string | null } | null): string {
  return corporation?.siteName?.trim() || corporation?.name?.trim() || PRODUCT_NAME;
}

/** A tab's title: the screen's title after the brand, or the brand alone. */
export function brandedTitle(title: string | undefined, brand: string = PRODUCT_NAME): string {
  return title ? `${brand} - ${title}` : brand;
}
