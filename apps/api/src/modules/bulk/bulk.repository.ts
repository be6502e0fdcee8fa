import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BulkRowData } from '@homeminder/shared/contracts/bulk';
import { bulkMessages } from '@homeminder/shared/contracts/bulk';
import type { Database } from '../../db/client';
import { deletedAny } from '../../db/query-helpers';
import { bulkItems, maintenanceFrequencies, reminders } from '../../db/schema';
import { tasksVisibleTo } from '../reminders';

/**
 * Data access of the bulk upload queue. Every function takes the tenant id first and filters on
 * it. Processed rows stay in the table (status 'processed', with the client they became) until the
 * batch is over, so a second run finds them done; the queue is every other row.
 */

export type BulkStatus = 'queued' | 'failed' | 'processed';

/** A queue row with the checks only the whole queue can make: email of a client, or twice. */
export interface QueueRow {
  id: number;
  itemGuid: string;
  rowNumber: number;
  fileName: string | null;
  line: number | null;
  data: BulkRowData;
  status: Exclude<BulkStatus, 'processed'>;
  /** Stored when the row was written: the field rules, realtor and reminders, or a failed save. */
  storedError: string | null;
  /** The email belongs to a client of the corporation, or to a row above in the queue. */
  emailError: string | null;
  /** Without a problem, but beyond the free licenses in queue order (false when they were not given). */
  waitingForLicense: boolean;
}

/** How a page of the queue is listed. */
export interface QueueListing {
  limit: number;
  offset: number;
  onlyProblems: boolean;
  /** Licenses free now: the valid rows beyond them are marked waiting. */
  licensesFree: number;
  /** Only the rows after this one, for reading the queue a part at a time. */
  afterId?: number;
}

/**
 * The queue in upload order with each row's email verdict, in one pass. Rows are numbered among
 * every row of the batch, processed ones included, so processing does not renumber what is left. A row "above" wins the
 * email: rows without an error of their own come first, so a broken row does not block a good one.
 * The verdicts are worked out on narrow rows; the rows' data is joined for the listed rows only.
 */
function validatedQueue(tenantId: string, listing?: Partial<QueueListing>) {
  const paging =
    listing?.limit !== undefined ? sql`limit ${listing.limit} offset ${listing.offset ?? 0}` : sql``;
  // After validating, so an email's verdict still counts every row; the counts below count what is listed.
  const conditions = [
    ...(listing?.onlyProblems ? [sql`coalesce(validation_error, email_error) is not null`] : []),
    ...(listing?.afterId !== undefined ? [sql`id > ${listing.afterId}`] : []),
  ];
  const filter = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  // Processing takes the valid rows in queue order while licenses last: the ones after wait.
  const waiting =
    listing?.licensesFree === undefined
      ? sql`false`
      : sql`(coalesce(validation_error, email_error) is null and valid_rank > ${listing.licensesFree})`;
  return sql`
    with numbered as (
      select b.id, b.status, b.validation_error,
        lower(trim(coalesce(b.data->>'email', ''))) as email_key,
        row_number() over (order by b.id) as row_number
      from bulk_items b
      where b.tenant_id = ${tenantId}
    ), q as (
      select n.*,
        (n.status = 'queued' and n.validation_error is not null) as invalid
      from numbered n
      where n.status <> 'processed'
    ), ranked as (
      select q.*,
        case when q.email_key = '' then 1
          else row_number() over (partition by q.email_key order by q.invalid, q.id) end as email_rank,
        q.email_key <> '' and exists (
          select 1 from client_users c where c.tenant_id = ${tenantId} and lower(c.email) = q.email_key
        ) as email_of_client
      from q
    ), validated as (
      select ranked.*,
        case when email_of_client then ${bulkMessages.emailOfClient}
          when email_rank > 1 then ${bulkMessages.duplicateInQueue} end as email_error
      from ranked
    ), counted as (
      select validated.*,
        count(*) filter (where coalesce(validation_error, email_error) is null)
          over (order by id rows between unbounded preceding and current row) as valid_rank
      from validated
    ), listed as (
      select id, row_number, status, validation_error, email_error, ${waiting} as waiting,
        (count(*) over ())::int as total,
        (count(*) filter (where coalesce(validation_error, email_error) is not null) over ())::int as error_count
      from counted
      ${filter}
      order by id
      ${paging}
    )
    select l.id::int as "id", b.item_guid as "itemGuid", l.row_number::int as "rowNumber",
      b.file_name as "fileName", b.line, b.data, l.status,
      l.validation_error as "storedError", l.email_error as "emailError", l.waiting as "waitingForLicense",
      l.total as "total", l.error_count as "errorCount"
    from listed l
    join bulk_items b on b.tenant_id = ${tenantId} and b.id = l.id
    order by l.id`;
}

interface ValidatedRow extends QueueRow {
  total: number;
  errorCount: number;
}

export function bulkRepository(db: Database) {
  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = await db.execute(query);
    return (result as { rows: T[] }).rows;
  }

  return {
    /**
     * One page of the queue, or of its rows with a problem, with how many rows that list holds and
     * how many of them have an error.
     */
    async page(tenantId: string, listing: QueueListing) {
      const list = await rows<ValidatedRow>(validatedQueue(tenantId, listing));
      let total = list[0]?.total ?? 0;
      let errorCount = list[0]?.errorCount ?? 0;
      if (list.length === 0 && listing.offset > 0) {
        // A page past the end: the counts from the first row of the same list.
        const [first] = await rows<ValidatedRow>(
          validatedQueue(tenantId, { ...listing, limit: 1, offset: 0 }),
        );
        total = first?.total ?? 0;
        errorCount = first?.errorCount ?? 0;
      }
      return {
        items: list.map(({ total: _total, errorCount: _errors, ...row }) => row),
        total,
        errorCount,
      };
    },

    /**
     * The whole queue, validated, in upload order; or a part of it: the first `limit` rows after
     * `afterId`, each validated against the whole queue.
     */
    async queue(tenantId: string, part?: { afterId: number; limit: number }): Promise<QueueRow[]> {
      const list = await rows<ValidatedRow>(validatedQueue(tenantId, part));
      return list.map(({ total: _total, errorCount: _errors, ...row }) => row);
    },

    async count(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(bulkItems)
        .where(and(eq(bulkItems.tenantId, tenantId), ne(bulkItems.status, 'processed')));
      return row?.n ?? 0;
    },

    /** The files the queued rows came from, in upload order. */
    async fileNames(tenantId: string): Promise<string[]> {
      const list = await db
        .select({ fileName: bulkItems.fileName })
        .from(bulkItems)
        .where(and(eq(bulkItems.tenantId, tenantId), ne(bulkItems.status, 'processed')))
        .groupBy(bulkItems.fileName)
        .orderBy(sql`min(${bulkItems.id})`);
      return list.flatMap((row) => (row.fileName === null ? [] : [row.fileName]));
    },

    /**
     * Removes the queued rows of `fileName` that an earlier upload (another `uploadId`) sent, so a file
     * uploaded again replaces them; this upload's own chunks and retries keep theirs.
     */
    async removeEarlierUploads(tenantId: string, fileName: string, uploadId: string): Promise<number> {
      const removed = await db
        .delete(bulkItems)
        .where(
          and(
            eq(bulkItems.tenantId, tenantId),
            eq(bulkItems.fileName, fileName),
            sql`${bulkItems.uploadId} is distinct from ${uploadId}::uuid`,
            ne(bulkItems.status, 'processed'),
          ),
        )
        .returning({ id: bulkItems.id });
      return removed.length;
    },

    /**
     * Adds rows. A GUID already in the tenant's table is a chunk sent twice (left as it is) or a
     * queued row's own id from the rows-with-problems file: its fields are replaced where it stands,
     * keeping its file and line. A processed row is never changed.
     */
    async insert(
      tenantId: string,
      items: Array<{
        itemGuid: string;
        fileName: string | null;
        line: number | null;
        uploadId: string | null;
        data: BulkRowData;
        validationError: string | null;
      }>,
    ): Promise<{ inserted: number; replaced: number }> {
      if (items.length === 0) return { inserted: 0, replaced: 0 };
      const written = await db
        .insert(bulkItems)
        .values(items.map((item) => ({ tenantId, ...item })))
        .onConflictDoUpdate({
          target: [bulkItems.tenantId, bulkItems.itemGuid],
          set: {
            data: sql`excluded.data`,
            validationError: sql`excluded.validation_error`,
            status: 'queued',
            updatedAt: sql`now()`,
          },
          setWhere: sql`${bulkItems.status} <> 'processed' and ${bulkItems.data} is distinct from excluded.data`,
        })
        // xmax is 0 for a row this statement inserted, and set for one it updated.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      const inserted = written.filter((row) => row.inserted).length;
      return { inserted, replaced: written.length - inserted };
    },

    /** A row still in the queue (not processed). */
    async find(tenantId: string, id: number) {
      const [row] = await db
        .select({
          id: bulkItems.id,
          itemGuid: bulkItems.itemGuid,
          data: bulkItems.data,
          status: bulkItems.status,
        })
        .from(bulkItems)
        .where(
          and(eq(bulkItems.tenantId, tenantId), eq(bulkItems.id, id), ne(bulkItems.status, 'processed')),
        );
      return row ? { ...row, data: row.data as BulkRowData } : undefined;
    },

    async update(tenantId: string, id: number, data: BulkRowData, validationError: string | null, at: Date) {
      await db
        .update(bulkItems)
        .set({ data, validationError, status: 'queued', updatedAt: at })
        .where(and(eq(bulkItems.tenantId, tenantId), eq(bulkItems.id, id)));
    },

    /** Stores the verdicts of rows validated again (realtors or reminders may have changed). */
    async setErrors(tenantId: string, errors: Array<{ id: number; error: string | null }>, at: Date) {
      // Distinct messages are few: one statement per message.
      const byMessage = new Map<string | null, number[]>();
      for (const row of errors) {
        const ids = byMessage.get(row.error) ?? [];
        ids.push(row.id);
        byMessage.set(row.error, ids);
      }
      for (const [message, ids] of byMessage) {
        await db
          .update(bulkItems)
          .set({ validationError: message, status: 'queued', updatedAt: at })
          .where(
            and(
              eq(bulkItems.tenantId, tenantId),
              inArray(bulkItems.id, ids),
              ne(bulkItems.status, 'processed'),
            ),
          );
      }
    },

    remove: (tenantId: string, id: number) =>
      deletedAny(
        db,
        bulkItems,
        and(eq(bulkItems.tenantId, tenantId), eq(bulkItems.id, id), ne(bulkItems.status, 'processed')),
      ),

    /** Removes every queued row with a problem, as the grid validates them now; returns how many. */
    async removeProblems(tenantId: string): Promise<number> {
      const removed = await rows<{ id: number }>(sql`
        delete from bulk_items b
         where b.tenant_id = ${tenantId} and b.status <> 'processed'
           and b.id in (select p.id from (${validatedQueue(tenantId, { onlyProblems: true })}) p)
        returning b.id`);
      return removed.length;
    },

    /** Empties the queue and forgets the batch's processed rows (the audit log keeps the record). */
    async clear(tenantId: string): Promise<number> {
      const removed = await db
        .delete(bulkItems)
        .where(eq(bulkItems.tenantId, tenantId))
        .returning({ status: bulkItems.status });
      return removed.filter((row) => row.status !== 'processed').length;
    },

    /** Forgets the processed rows of a finished batch, so a new upload is numbered from 1. */
    async purgeProcessed(tenantId: string): Promise<void> {
      await db
        .delete(bulkItems)
        .where(and(eq(bulkItems.tenantId, tenantId), eq(bulkItems.status, 'processed')));
    },

    /** Whether `email` is a client's or another queued row's. */
    async emailUsedBy(
      tenantId: string,
      email: string,
      exceptGuid?: string,
    ): Promise<'client' | 'queue' | null> {
      const [row] = await rows<{ client: boolean; queue: boolean }>(sql`
        select
          exists (select 1 from client_users c
            where c.tenant_id = ${tenantId} and lower(c.email) = lower(${email})) as "client",
          exists (select 1 from bulk_items b
            where b.tenant_id = ${tenantId} and b.status <> 'processed'
              and lower(trim(coalesce(b.data->>'email', ''))) = lower(${email})
              ${exceptGuid ? sql`and b.item_guid <> ${exceptGuid}` : sql``}) as "queue"`);
      return row?.client ? 'client' : row?.queue ? 'queue' : null;
    },

    // ─── Processing (inside a batch's transaction, ADR 032) ───────────────────────────────────

    /**
     * Locks the rows of `ids` not yet processed, with the data they hold now. A row another run
     * holds is skipped, not waited for, and a row it has processed is not returned: the locks last
     * until the batch's transaction ends, so two runs never create the same row.
     */
    async claim(tenantId: string, ids: number[]): Promise<Map<number, BulkRowData>> {
      if (ids.length === 0) return new Map();
      const claimed = await rows<{ id: number; data: BulkRowData }>(sql`
        select b.id::int as "id", b.data from bulk_items b
        where b.tenant_id = ${tenantId} and b.status <> 'processed'
          and b.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
        order by b.id
        for update skip locked`);
      return new Map(claimed.map((row) => [row.id, row.data]));
    },

    /** Marks rows processed, each with the client it became. */
    async markProcessed(tenantId: string, rows: Array<{ id: number; clientUserId: string }>, at: Date) {
      if (rows.length === 0) return;
      const atText = at.toISOString();
      await db.execute(sql`
        update bulk_items as b
           set status = 'processed', validation_error = null, created_client_user_id = v."clientUserId",
               processed_at = ${atText}::timestamptz, updated_at = ${atText}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, "clientUserId" uuid)
         where b.tenant_id = ${tenantId} and b.id = v.id`);
    },

    /** Marks rows whose save failed, each with its message; the next run tries them again. */
    async markFailed(tenantId: string, rows: Array<{ id: number; message: string }>, at: Date) {
      if (rows.length === 0) return;
      const atText = at.toISOString();
      await db.execute(sql`
        update bulk_items as b
           set status = 'failed', validation_error = v.message, updated_at = ${atText}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, message text)
         where b.tenant_id = ${tenantId} and b.id = v.id and b.status <> 'processed'`);
    },

    // ─── Lookups ───────────────────────────────────────────────────────────────────────────────

    /** The shared catalogue and the corporation's own active tasks, never another's. */
    async activeReminders(tenantId: string) {
      return db
        .select({
          id: reminders.id,
          name: reminders.name,
          defaultFrequencyId: reminders.defaultFrequencyId,
          season: reminders.season,
        })
        .from(reminders)
        .where(and(eq(reminders.active, true), tasksVisibleTo(tenantId)));
    },

    async frequencies() {
      return db
        .select({ id: maintenanceFrequencies.id, name: maintenanceFrequencies.name })
        .from(maintenanceFrequencies);
    },
  };
}
export type BulkRepository = ReturnType<typeof bulkRepository>;
