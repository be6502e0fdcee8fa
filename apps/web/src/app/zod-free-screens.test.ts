import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The screens people open first on a phone load without the validation library: zod's schemas are
 * built as their modules load, which a slow phone pays for before the page answers a tap. Their
 * words and limits come from the shared package's zod-free modules (`*-words.ts`, `grid-options.ts`,
 * `validation/predicates.ts`); a form that validates with a schema loads it with `lazy`.
 */

const src = resolve(__dirname, '..');
const shared = resolve(src, '../../../packages/shared/src');

/** The screens, as the browser runs them: their components, without the routes' server loaders. */
const screens = {
  'sign-in page': 'features/auth/login-page.tsx',
  'answer page': 'features/replies/reply-page.tsx',
  'the signed-in frame': 'app/layouts/portal-shell.tsx',
  Home: 'features/home/home-page.tsx',
  "Home's reminder activity": 'features/mail/reminder-activity-card.tsx',
};

const fromClause = /^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*'([^']+)';/gm;
const sideEffect = /^\s*import\s+'([^']+)';/gm;

/** The modules a file loads when it loads: static imports and re-exports of values, not types. */
function loadedSpecifiers(text: string): string[] {
  const specifiers: string[] = [];
  for (const [, , typeOnly, clause, specifier] of text.matchAll(fromClause)) {
    if (typeOnly) continue;
    const names = /^\{([\s\S]*)\}$/.exec(clause!.trim())?.[1];
    const allTypes =
      names !== undefined &&
      names
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '));
    if (!allTypes) specifiers.push(specifier!);
  }
  for (const [, specifier] of text.matchAll(sideEffect)) specifiers.push(specifier!);
  return specifiers;
}

function resolveModule(specifier: string, from: string): string | null {
  const base = specifier.startsWith('@homeminder/shared/')
    ? resolve(shared, specifier.slice('@homeminder/shared/'.length))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  const file = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
  return file ?? null;
}

/** The chain of modules from `entry` to the first that imports zod, or null when none does. */
function pathToZod(entry: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const specifier of loadedSpecifiers(readFileSync(file, 'utf8'))) {
      if (specifier === 'zod' || specifier.startsWith('zod/')) return [...trail, file];
      const next = resolveModule(specifier, file);
      const found = next ? walk(next, [...trail, file]) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(resolve(src, entry), []);
}

describe('screens that load without the validation library', () => {
  it.each(Object.entries(screens))('%s', (_, entry) => {
    const chain = pathToZod(entry);
    const named = chain?.map((file) => relative(resolve(src, '../../..'), file)).join(' → ');
    expect(chain, `imports zod through ${named}`).toBeNull();
  });

  it('notices a module that does import zod', () => {
    expect(pathToZod('features/home/mark-handled-dialog.tsx')).not.toBeNull();
  });
});
