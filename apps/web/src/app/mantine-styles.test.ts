import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's styles are imported per component (docs/decisions/097-styles-per-component.md): the
 * sheet every page paints with is `first-paint.css`, and a module that uses a component whose
 * stylesheet is not in it imports that stylesheet itself, so the bundler links it with the pages
 * that use it. The stylesheets a component needs are read from Mantine's own modules.
 */

const require = createRequire(import.meta.url);
const src = resolve(__dirname, '..');
const packageRoot = (name: string) => {
  const entry = require.resolve(name);
  return entry.slice(0, entry.lastIndexOf(name) + name.length);
};
const coreEsm = join(packageRoot('@mantine/core'), 'esm');

/** The module each name of a Mantine package's index comes from. */
function exportsOf(esmIndex: string): Map<string, string> {
  const text = readFileSync(esmIndex, 'utf8');
  const modules = new Map<string, string>();
  for (const [, names, path] of text.matchAll(/import \{([^}]*)\} from "(\.[^"]+)"/g)) {
    for (const name of names!.split(',')) {
      const local = name
        .trim()
        .split(/\s+as\s+/)
        .at(-1);
      if (local) modules.set(local, resolve(dirname(esmIndex), path!));
    }
  }
  return modules;
}

const coreExports = exportsOf(join(coreEsm, 'index.mjs'));
const otherPackages = ['@mantine/notifications', '@mantine/charts'].map((name) => ({
  name,
  exports: exportsOf(join(packageRoot(name), 'esm', 'index.mjs')),
}));

/** The stylesheets of @mantine/core a module needs, following its imports (and its package's). */
function stylesOfModule(file: string, seen: Set<string>, styles: Set<string>) {
  if (seen.has(file)) return;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const own = /\/([A-Za-z]+)\.module\.mjs$/.exec(file);
  if (own && file.startsWith(coreEsm)) styles.add(own[1]!);
  for (const [, path] of text.matchAll(/from "(\.[^"]+\.mjs)"/g)) {
    stylesOfModule(resolve(dirname(file), path!), seen, styles);
  }
  for (const [, names] of text.matchAll(/import \{([^}]*)\} from "@mantine\/core"/g)) {
    for (const name of names!.split(','))
      stylesOfName(name.trim().split(/\s+as\s+/)[0]!, '@mantine/core', seen, styles);
  }
}

function stylesOfName(name: string, from: string, seen: Set<string>, styles: Set<string>) {
  const module =
    from === '@mantine/core'
      ? coreExports.get(name)
      : otherPackages.find((p) => p.name === from)?.exports.get(name);
  if (module) stylesOfModule(module, seen, styles);
}

/** Mantine's own order of its stylesheets, as its whole sheet has them. */
const wholeSheet = readFileSync(join(packageRoot('@mantine/core'), 'styles.css'), 'utf8');
function positionOf(style: string): number {
  const text = readFileSync(join(packageRoot('@mantine/core'), 'styles', `${style}.css`), 'utf8');
  return wholeSheet.indexOf(text.trim().slice(0, 120));
}

const stylesImport = /^import '@mantine\/core\/styles\/([A-Za-z-]+)\.css';$/gm;
const firstPaint = [
  ...readFileSync(join(__dirname, 'first-paint.css'), 'utf8').matchAll(
    /^@import '@mantine\/core\/styles\/([A-Za-z-]+)\.css';$/gm,
  ),
].map((match) => match[1]!);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function stylesUsedBy(text: string): Set<string> {
  const styles = new Set<string>();
  const seen = new Set<string>();
  for (const [, names, from] of text.matchAll(/(?:import|export) \{([^}]*)\} from '(@mantine\/[a-z]+)'/g)) {
    for (const name of names!.split(',')) {
      const trimmed = name.trim();
      if (trimmed && !trimmed.startsWith('type '))
        stylesOfName(trimmed.split(/\s+as\s+/)[0]!, from!, seen, styles);
    }
  }
  return styles;
}

describe("Mantine's styles per component", () => {
  it('reads what a component needs from Mantine itself', () => {
    const select = stylesUsedBy("import { Select } from '@mantine/core';");
    expect([...select]).toEqual(expect.arrayContaining(['Combobox', 'Input', 'Popover', 'ScrollArea']));
    expect(stylesUsedBy("import { Table } from '@mantine/core';")).toContain('Table');
    expect(stylesUsedBy("export { Notifications } from '@mantine/notifications';")).toContain('Notification');
  });

  it('keeps the first sheet in Mantine’s order, every other stylesheet where it is used', () => {
    expect(firstPaint.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    const components = firstPaint.slice(3);
    expect(components.map(positionOf)).toEqual(components.map(positionOf).sort((a, b) => a - b));

    const missing: string[] = [];
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      const needed = [...stylesUsedBy(text)].filter((style) => !firstPaint.includes(style));
      const imported = [...text.matchAll(stylesImport)].map((match) => match[1]!);
      const wanted = needed.sort((a, b) => positionOf(a) - positionOf(b));
      if (wanted.join() !== imported.join()) {
        missing.push(`${relative(src, file)} imports [${imported.join(', ')}], needs [${wanted.join(', ')}]`);
      }
    }
    expect(missing).toEqual([]);
  });
});
