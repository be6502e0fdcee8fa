import { and, asc, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from './client';

/** `%text%` for ILIKE, with the pattern characters of the text itself taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The column holds the text but for case: how emails and names are compared, as their unique
 * indexes on `lower(...)` define them (and use them).
 */
export function sameTextIgnoringCase(column: SQLWrapper, text: string): SQL {
  return sql`lower(${column}) = lower(${text})`;
}

/**
 * LIKE pattern for a search that reads as (part of) a phone number: its digits, as phone numbers
 * are kept ('(555) 010' finds 5550101002). Undefined for any other search, or fewer than 3 digits.
 */
export function phoneDigitsPattern(text: string): string | undefined {
  if (!/^[0-9\s().+-]+$/.test(text)) return undefined;
  const digits = text.replace(/[^0-9]/g, '');
  return digits.length >= 3 ? `%${digits}%` : undefined;
}

/**
 * ORDER BY terms for a grid's sorting (directions as meant, docs/decisions/004), then `tieBreakers`
 * so that pages never overlap or skip rows when sorted values repeat.
 */
export function orderByOf<C extends string>(
  sorting: readonly { propertyName: C; dir: 'asc' | 'desc' }[],
  columns: Record<C, SQLWrapper>,
  tieBreakers: SQLWrapper[],
): SQL[] {
  const terms = sorting.map(({ propertyName, dir }) => {
    const column = columns[propertyName];
    // NULLs last whichever the direction: an empty cell is never the "first" value.
    return dir === 'asc' ? sql`${asc(column)} nulls last` : sql`${desc(column)} nulls last`;
  });
  return [...terms, ...tieBreakers.map((column) => asc(column))];
}

/** True for a unique-constraint violation, on either driver (Drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Timestamps travel as ISO text. */
export function isoText(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** The `columns` of the row of `idColumn`'s table with that id; undefined when there is none. */
export async function rowById<Columns extends SelectedFields>(
  db: Database,
  idColumn: PgColumn,
  id: string | number,
  columns: Columns,
): Promise<SelectResultFields<Columns> | undefined> {
  // Drizzle loses the row's type through a generic selection; it is the selection's, as written.
  const rows = (await db.select(columns).from(idColumn.table).where(eq(idColumn, id))) as Array<
    SelectResultFields<Columns>
  >;
  return rows[0];
}

/** Whether the table of `idColumn` has a row with that id: a check before writing what refers to it. */
export async function idExists(db: Database, idColumn: PgColumn, id: string | number): Promise<boolean> {
  return Boolean(await rowById(db, idColumn, id, { id: idColumn }));
}

/**
 * Whether a row of the column's table, among those `conditions` leave, holds the text but for case:
 * the check before writing an email or a name that a unique index on `lower(...)` would refuse.
 */
export async function textTaken(
  db: Database,
  column: PgColumn,
  text: string,
  ...conditions: Array<SQL | undefined>
): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(column.table)
    .where(and(sameTextIgnoringCase(column, text), ...conditions))
    .limit(1);
  return Boolean(row);
}

/**
 * The rows of one query by what they belong to (a home, an entry), each list in the rows' order:
 * how a read for many records at once hands each record its own.
 */
export function groupedBy<Row, Value>(
  rows: readonly Row[],
  keyOf: (row: Row) => string,
  valueOf: (row: Row) => Value,
): Map<string, Value[]> {
  const groups = new Map<string, Value[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(valueOf(row));
    else groups.set(key, [valueOf(row)]);
  }
  return groups;
}

/** A query, ordered, that takes a LIMIT and then an OFFSET. */
interface Pageable<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/** The rows of one page (from 1) of an ordered query. */
export async function pageRows<Row>(
  rows: Pageable<Row>,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<Row[]> {
  return rows.limit(pageSize).offset((page - 1) * pageSize);
}

/** How many rows of the table `where` leaves (all without it): the total beside a page. */
export async function countRows(db: Database, table: PgTable, where?: SQL): Promise<number> {
  const [total] = await db.select({ value: count() }).from(table).where(where);
  return total?.value ?? 0;
}

/**
 * Deletes the rows of the table `where` picks; whether there was one. The rows are counted from
 * RETURNING, which both drivers report alike.
 */
export async function deletedAny(db: Database, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(where)
    .returning({ deleted: sql`1` });
  return deleted.length > 0;
}
