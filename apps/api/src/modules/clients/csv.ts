import type { FastifyReply } from 'fastify';

// The CSV writer, formula neutralising included, is shared with the browser (bulk upload exports).
export { csvCell, csvText } from '@homeminder/shared/csv';

/** Returns `csv` as a file to save, named `<name>-<today>.csv`, that no cache keeps. */
export function sendCsvFile(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
