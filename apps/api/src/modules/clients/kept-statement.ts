import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** A Drizzle query that can print itself: a select builder, say, before it runs. */
interface PrintableQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * A statement Drizzle wrote once, with placeholders (`sql.placeholder`) where a request's values
 * go, kept as its text: running it again binds the values and nothing else. The client grid's page
 * is the busiest statement of the portal, and writing it from Drizzle's builders on every request
 * took a sixth of the server's time under load (bench/README.md, docs/decisions/038).
 *
 * The statement returns rows by column name; `columns` pairs each field of `Row` with the name
 * its column has in the statement (its alias), so every column must be named.
 */
export class KeptStatement<Row> {
  private readonly strings: TemplateStringsArray;
  private readonly params: unknown[];

  constructor(
    query: PrintableQuery,
    private readonly columns: ReadonlyArray<readonly [keyof Row & string, string]>,
  ) {
    const printed = query.toSQL();
    // Drizzle numbers its parameters $1, $2, ... in the order they appear in the text.
    const strings = printed.sql.split(/\$\d+\b/);
    if (strings.length !== printed.params.length + 1)
      throw new Error('a kept statement must name each parameter once, as $n, and hold no other $n');
    this.strings = Object.assign([...strings], { raw: strings });
    this.params = printed.params;
  }

  /** The statement with the placeholders' values bound, as Drizzle runs it. */
  bind(values: Record<string, unknown>): SQL {
    return sql(this.strings, ...fillPlaceholders(this.params, values).map((value) => sql.param(value)));
  }

  async run(db: Database, values: Record<string, unknown>): Promise<Row[]> {
    // Both drivers return an object with `rows`; Drizzle's shared type does not say so.
    const result: unknown = await db.execute(this.bind(values));
    return (result as { rows: Array<Record<string, unknown>> }).rows.map((row) => {
      const mapped: Partial<Row> = {};
      for (const [field, column] of this.columns) mapped[field] = row[column] as Row[typeof field];
      return mapped as Row;
    });
  }
}
