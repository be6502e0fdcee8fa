// Home's numbers on the page drawn ahead, before the app's code has arrived (decision 048).
//
// The page carries the markup of Home's license card and tiles as templates, drawn at build time
// by the same components the app draws them with, holding `{{name}}` where a value goes. A small
// script (draw-figures-ahead.ts) asks for the person's numbers as the page loads and fills the
// templates in; the app then takes that answer rather than asking again.
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { tileDefinitions, type HomeFigures, type LicenseFigures, type TileKey } from './home-figures';

/** What the drawn page holds a template of, by its `data-home-figure`. */
export const figureTemplateNames = {
  license: 'license',
  licenseWithoutWarning: 'license-without-warning',
  tiles: 'tiles',
  nothing: 'nothing',
  tile: (key: TileKey) => `tile:${key}`,
} as const;

/** Where a template takes a value: `{{name}}`. */
export const templateSlot = (name: string) => `{{${name}}}`;

/** The element of the drawn page the figures replace: the tiles' placeholders. */
export const figuresPlaceholderAttribute = 'data-home-figures';
/** The drawn page's greeting, named once the saved session says who it is. */
export const greetingAttribute = 'data-home-greeting';

export interface FigureTemplates {
  license: string;
  licenseWithoutWarning: string;
  tiles: string;
  nothing: string;
  tile: Partial<Record<TileKey, string>>;
}

/** The templates in `root`, or null when the page carries none. */
export function readFigureTemplates(root: ParentNode): FigureTemplates | null {
  const read = (name: string) =>
    root.querySelector<HTMLTemplateElement>(`template[data-home-figure="${name}"]`)?.innerHTML ?? null;
  const license = read(figureTemplateNames.license);
  const licenseWithoutWarning = read(figureTemplateNames.licenseWithoutWarning);
  const tiles = read(figureTemplateNames.tiles);
  const nothing = read(figureTemplateNames.nothing);
  if (license === null || licenseWithoutWarning === null || tiles === null || nothing === null) return null;
  const tile: FigureTemplates['tile'] = {};
  for (const { key } of tileDefinitions) tile[key] = read(figureTemplateNames.tile(key)) ?? undefined;
  return { license, licenseWithoutWarning, tiles, nothing, tile };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `template` with each slot named in `values` filled in: escaped, or as it is for `markup`. */
function fillIn(
  template: string,
  values: Record<string, string>,
  markup: Record<string, string> = {},
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (slot, name: string) =>
    name in markup ? markup[name]! : name in values ? escapeHtml(values[name]!) : slot,
  );
}

/** The values a license card template takes. */
const licenseValues = ({ share, used, licensed, ringColor, warning }: LicenseFigures) => ({
  share,
  used,
  licensed,
  ringColor,
  warningText: warning?.text ?? '',
  warningColor: warning?.color ?? '',
});

/** The markup of `figures` made from the templates, as the app draws them; null if one is missing. */
export function figuresMarkup(templates: FigureTemplates, figures: HomeFigures): string | null {
  const { license } = figures;
  const licenseMarkup = license
    ? fillIn(license.warning ? templates.license : templates.licenseWithoutWarning, licenseValues(license))
    : '';
  if (figures.tiles.length === 0) return licenseMarkup + templates.nothing;
  let tiles = '';
  for (const tile of figures.tiles) {
    const template = templates.tile[tile.key];
    if (template === undefined) return null;
    tiles += fillIn(template, { value: tile.value, spokenValue: tile.spokenValue });
  }
  return licenseMarkup + fillIn(templates.tiles, {}, { tiles });
}

/**
 * The global under which a drawn page's own work (drawing Home's numbers) puts a promise; the
 * starter (build/start-after-paint.js, plain JavaScript, which names it too) runs the app's code
 * once it settles, or a second later at most.
 */
export const pageWorkKey = 'homeminder.page-work';

export function startAfterPageWork(work: Promise<void>): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for(pageWorkKey)] = work;
}

/** Home's summary as the page asked for it, for the app to take. */
export interface SummaryAhead {
  tenantId: string | null;
  userId: string | null;
  summary: HomeSummary;
  /** When it was answered (epoch milliseconds). */
  answeredAt: number;
}

// On the global object, as the page's script and the app are bundled apart (and a page drawn at
// build time, in Node, has no window).
const slot = Symbol.for('homeminder.home-summary-ahead');
type WithSlot = { [slot]?: SummaryAhead };

export function keepSummaryAhead(answer: SummaryAhead): void {
  (globalThis as WithSlot)[slot] = answer;
}

/**
 * The summary the page asked for, if it was for this person and tenant and is younger than
 * `maxAgeMs`; else undefined, and the app asks itself.
 */
export function summaryAheadFor(
  person: { tenantId: string | null; userId: string | null },
  maxAgeMs: number,
  now = Date.now(),
): SummaryAhead | undefined {
  const answer = (globalThis as WithSlot)[slot];
  if (!answer || answer.tenantId !== person.tenantId || answer.userId !== person.userId) return undefined;
  return now - answer.answeredAt < maxAgeMs ? answer : undefined;
}
