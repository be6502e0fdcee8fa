import type { ClientTimeline } from '@homeminder/shared/contracts/replies';
import { BadRequestError } from '../../lib/errors';
import { changesOfList } from '../audit';
import { propertyAddress } from '../mail';
import type { TimelineCursor, TimelineRepository } from './timeline.repository';

const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([a-z]+:[0-9a-f-]+)$/;

/** A page's cursor: the instant and id of its last row, so the next page starts right after it. */
const cursorText = (cursor: TimelineCursor) => `${cursor.at}|${cursor.id}`;

function readCursor(text: string | undefined): TimelineCursor | null {
  if (text === undefined || text === '') return null;
  const match = cursorPattern.exec(text);
  if (!match) throw new BadRequestError('That page of the activity does not exist.');
  return { at: match[1]!, id: match[2]! };
}

/** One page of a client's timeline, newest first, with the cursor of the next (older) page. */
export async function timelinePage(
  timeline: TimelineRepository,
  tenantId: string,
  clientUserId: string,
  page: { before?: string | undefined; limit: number },
): Promise<ClientTimeline> {
  const rows = await timeline.clientTimeline(tenantId, clientUserId, readCursor(page.before), page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    items: shown.map((row) => ({
      id: row.id,
      kind: row.kind,
      at: row.at,
      actor: { kind: row.actorKind, name: row.actorKind === 'staff' ? row.actorName : null },
      task: row.task,
      propertyAddress: row.addressLine
        ? propertyAddress({
            addressLine: row.addressLine,
            city: row.city ?? '',
            state: row.state ?? '',
            zip: row.zip ?? '',
          })
        : null,
      dueAt: row.dueAt,
      doneOn: row.doneOn,
      movedTo: row.movedTo,
      note: row.note,
      changes: changesOfList(row.changes),
    })),
    nextCursor: rows.length > page.limit && last ? cursorText(last) : null,
  };
}
