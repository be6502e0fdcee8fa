import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The sign-in page's budget (180 kB of JavaScript, `npm run bench -- --only=spa`) holds only while
// the code it loads up front stays free of zod, of the signed-in shell and of the charts. This
// follows the static imports (not `import()`, not `import type`) from a module, as the bundler does.

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedSrc = path.resolve(webSrc, '../../../packages/shared/src');

const importPattern = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  return null;
}

/** Every source file and package reached from `entry` through static imports. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(importPattern)) {
      if (!specifier) continue;
      let target: string | null = null;
      if (specifier.startsWith('.')) target = resolveFile(path.resolve(path.dirname(file), specifier));
      else if (specifier.startsWith('@homeminder/shared/'))
        target = resolveFile(path.join(sharedSrc, specifier.slice('@homeminder/shared/'.length)));
      else packages.add(specifier);
      if (target && !/\.css$/.test(target)) pending.push(target);
    }
  }
  return { files, packages };
}

const relative = (files: Set<string>) => [...files].map((file) => path.relative(webSrc, file));

describe('what the first page loads up front', () => {
  const entry = staticGraph(path.join(webSrc, 'app/main.tsx'));

  it('leaves out zod, the form library, the charts and the signed-in shell', () => {
    const heavy = [...entry.packages].filter((name) =>
      /^(zod|react-hook-form|@hookform\/|recharts|@mantine\/charts)/.test(name),
    );
    expect(heavy).toEqual([]);
    expect(relative(entry.files)).not.toContain(path.join('app', 'layouts', 'portal-shell.tsx'));
  });

  it('keeps the sign-in screen free of zod until its first check', () => {
    const login = staticGraph(path.join(webSrc, 'features/auth/login-page.tsx'));
    expect([...login.packages].filter((name) => /^(zod|@hookform\/)/.test(name))).toEqual([]);
  });
});
