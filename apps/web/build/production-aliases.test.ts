import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionAliases } from './production-aliases';

describe('productionAliases', () => {
  it('sends react-router and react-router/dom, and nothing else, to their production builds', () => {
    const [main, dom, ...others] = productionAliases();
    expect(others).toEqual([]);
    const find = main!.find as RegExp;
    expect(find.test('react-router')).toBe(true);
    expect(find.test('react-router/dom')).toBe(false);
    expect((dom!.find as RegExp).test('react-router/dom')).toBe(true);
    expect((dom!.find as RegExp).test('react-router')).toBe(false);
    expect(main!.replacement.split(path.sep).slice(-3)).toEqual(['dist', 'production', 'index.mjs']);
    expect(dom!.replacement.split(path.sep).slice(-3)).toEqual(['dist', 'production', 'dom-export.mjs']);
  });

  it('names a build with the development warnings off', () => {
    const entry = productionAliases()[0]!.replacement;
    // The entry re-exports shared chunks; the flag is set in one of them.
    const chunks = [...readFileSync(entry, 'utf8').matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((match) =>
      readFileSync(path.join(path.dirname(entry), match[1]!), 'utf8'),
    );
    expect(chunks.some((code) => code.includes('ENABLE_DEV_WARNINGS = false'))).toBe(true);
    expect(chunks.some((code) => code.includes('ENABLE_DEV_WARNINGS = true'))).toBe(false);
  });
});
