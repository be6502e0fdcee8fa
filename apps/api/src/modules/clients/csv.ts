// The CSV writer, formula neutralising included, is shared with the browser (bulk upload exports).
export { csvCell, csvText } from '@homeminder/shared/csv';
