import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mantineIdModule, stableIdSource, stableMantineIds } from './stable-mantine-ids';

const require = createRequire(import.meta.url);
/** The package's own folder: its exports name no package.json, so up from its main file. */
const mantineHooksDir = path.resolve(path.dirname(require.resolve('@mantine/hooks')), '..');
const installedHook = path.join(mantineHooksDir, 'esm', 'use-id', 'use-id.mjs');

type Load = (id: string) => string | null;
const load = stableMantineIds().load as unknown as Load;

/** The replacement, as a module of its own beside the app's, so that it finds the app's React. */
async function replacementHook(): Promise<(staticId?: string) => string> {
  const dir = path.join(path.dirname(require.resolve('react/package.json')), '..', '.cache', 'stable-ids');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'use-id.mjs');
  writeFileSync(file, stableIdSource);
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
    useId: (staticId?: string) => string;
  };
  return module.useId;
}

describe('stableMantineIds', () => {
  it('replaces the id hook of the installed Mantine, and nothing else', () => {
    expect(existsSync(installedHook)).toBe(true);
    expect(mantineIdModule.test(installedHook)).toBe(true);
    expect(load(installedHook)).toBe(stableIdSource);
    expect(load(`${installedHook}?v=1`)).toBe(stableIdSource);
    const neighbour = installedHook.replace(`use-id${path.sep}use-id.mjs`, `use-idle${path.sep}use-idle.mjs`);
    expect(load(neighbour)).toBeNull();
  });

  it('is still needed: the installed hook swaps its id for a random one once mounted', () => {
    // When Mantine stops doing so, this plugin can go.
    expect(readFileSync(installedHook, 'utf8')).toMatch(/setUuid\(randomId\(\)\)/);
  });

  it('gives each caller its own id, the same from the first draw on, and a given id as it is', async () => {
    const useId = await replacementHook();
    const drawn: string[] = [];
    const first = renderHook(() => {
      const id = useId();
      drawn.push(id);
      return id;
    });
    first.rerender();
    const drawnFirst = drawn[0]!;
    expect(drawn.length).toBeGreaterThan(1);
    expect(new Set(drawn)).toEqual(new Set([drawnFirst]));
    expect(drawnFirst).toMatch(/^mantine-/);
    expect(drawnFirst).not.toContain(':');

    const second = renderHook(() => useId());
    expect(second.result.current).not.toBe(drawnFirst);

    expect(renderHook(() => useId('email')).result.current).toBe('email');
  });
});
