/**
 * CSV text for spreadsheets, written by the server (client export) and the browser (bulk upload
 * template and rows with problems). A cell that starts with = + - @ (or a tab or carriage return) would
 * be run as a formula by Excel and its kin (CSV injection, OWASP), so it gets a leading apostrophe,
 * which spreadsheets show as plain text.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV, CRLF line ends (RFC 4180), with a byte-order mark so Excel reads UTF-8. */
export function csvText(
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>,
): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
