import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { planChunks, planGroups } from './chunk-plan';

const src = '/app/src';

/** A chunk of a first build: its file, the module it was built from, and what it holds and imports. */
function chunk(
  fileName: string,
  options: {
    name?: string;
    facade?: string;
    modules: string[];
    imports?: string[];
    entry?: boolean;
    code?: string;
  },
): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    name: options.name ?? fileName.replace(/^assets\//, '').replace(/-\w+\.js$/, ''),
    facadeModuleId: options.facade ?? null,
    moduleIds: options.modules,
    imports: options.imports ?? [],
    isEntry: options.entry ?? false,
    code: options.code ?? '',
  } as unknown as Rollup.OutputChunk;
}

const chunks = [
  chunk('assets/index-1.js', {
    facade: `${src}/app/main.tsx`,
    modules: ['react', `${src}/app/main.tsx`],
    entry: true,
  }),
  chunk('assets/portal-layouts-1.js', {
    facade: `${src}/app/layouts/portal-layouts.tsx`,
    modules: [`${src}/app/layouts/portal-layouts.tsx`],
    imports: ['assets/index-1.js', 'assets/Menu-1.js'],
  }),
  chunk('assets/home-page-1.js', {
    facade: `${src}/features/home/home-page.tsx`,
    modules: [`${src}/features/home/home-page.tsx`],
    imports: ['assets/index-1.js', 'assets/api-1.js', 'assets/Alert-1.js', 'assets/RingProgress-1.js'],
  }),
  chunk('assets/clients-page-1.js', {
    facade: `${src}/features/clients/clients-page.tsx`,
    modules: [`${src}/features/clients/clients-page.tsx`],
    imports: ['assets/index-1.js', 'assets/api-2.js', 'assets/Menu-1.js'],
  }),
  chunk('assets/login-page-1.js', {
    facade: `${src}/features/auth/login-page.tsx`,
    modules: [`${src}/features/auth/login-page.tsx`],
    code: 'the largest of the sign-in page chunks',
    imports: ['assets/index-1.js', 'assets/api-3.js', 'assets/Alert-1.js'],
  }),
  chunk('assets/settings-page-1.js', {
    facade: `${src}/features/settings/settings-page.tsx`,
    modules: [`${src}/features/settings/settings-page.tsx`],
    imports: ['assets/index-1.js', 'assets/Menu-1.js'],
  }),
  chunk('assets/Menu-1.js', { modules: ['mantine/Menu', 'mantine/Popover'], imports: ['assets/index-1.js'] }),
  chunk('assets/Alert-1.js', { modules: ['mantine/Alert'], imports: ['assets/index-1.js'] }),
  chunk('assets/RingProgress-1.js', { modules: ['mantine/RingProgress'] }),
  chunk('assets/api-1.js', { modules: [`${src}/features/home/api.ts`] }),
  chunk('assets/api-2.js', { modules: [`${src}/features/clients/api.ts`] }),
  chunk('assets/api-3.js', { modules: [`${src}/features/auth/api.ts`] }),
];
const bundle = Object.fromEntries(chunks.map((item) => [item.fileName, item])) as Rollup.OutputBundle;

const portal = `${src}/app/layouts/portal-layouts`;
const routes = new Map([
  ['/', [portal, `${src}/features/home/home-page`]],
  ['/clients', [portal, `${src}/features/clients/clients-page`]],
  ['/settings', [portal, `${src}/features/settings/settings-page`]],
  ['/login', [`${src}/features/auth/login-page`]],
]);

describe('planChunks', () => {
  const plan = planChunks(bundle, routes);

  it('puts what only Home and the client grid need beyond the entry into the signed-in chunk', () => {
    expect([...plan.signedInStart].sort()).toEqual(
      [
        `${src}/app/layouts/portal-layouts.tsx`,
        `${src}/features/clients/api.ts`,
        `${src}/features/clients/clients-page.tsx`,
        `${src}/features/home/api.ts`,
        `${src}/features/home/home-page.tsx`,
        'mantine/Menu',
        'mantine/Popover',
        'mantine/RingProgress',
      ].sort(),
    );
  });

  it('keeps the chunks a public screen needs, one for those the same screens need', () => {
    // The sign-in page's alone, named after the largest.
    expect(Object.fromEntries(plan.kept)).toEqual({
      [`${src}/features/auth/api.ts`]: 'login-page',
      [`${src}/features/auth/login-page.tsx`]: 'login-page',
    });
  });

  it('puts with the entry what the sign-in page and the first signed-in screens both need', () => {
    expect([...plan.entry].sort()).toEqual(['mantine/Alert', 'react', `${src}/app/main.tsx`].sort());
  });

  it('tells apart kept groups whose largest chunks share a name, which one name would merge', () => {
    const publicRoutes = new Map([
      ...routes,
      ['/register', [`${src}/features/home/api`]],
      ['/reset', [`${src}/features/clients/api`]],
    ]);
    const kept = planChunks(bundle, publicRoutes).kept;
    expect(
      [kept.get(`${src}/features/home/api.ts`), kept.get(`${src}/features/clients/api.ts`)].sort(),
    ).toEqual(['api', 'api-2']);
  });

  it('refuses a route table without the screens it plans for', () => {
    expect(() => planChunks(bundle, new Map([['/login', routes.get('/login')!]]))).toThrow(/no \//);
  });
});

describe('planGroups', () => {
  const [entry, kept, signedIn] = planGroups({
    entry: new Set(['react']),
    signedInStart: new Set(['mantine/Menu']),
    kept: new Map([['mantine/Alert', 'Alert']]),
  });

  it('takes the entry first, then the kept chunks, then the signed-in chunk', () => {
    expect(entry?.name).toBe('index');
    expect(entry?.test?.('react')).toBe(true);
    expect(entry?.test?.('mantine/Menu')).toBe(false);
    expect(entry!.priority).toBeGreaterThan(kept!.priority);
    expect(kept!.priority).toBeGreaterThan(signedIn!.priority);
  });

  it('names each module by its plan, and leaves the rest to the bundler', () => {
    const name = kept!.name as (id: string) => string | null;
    expect(name('mantine/Alert')).toBe('Alert');
    expect(name('mantine/Menu')).toBeNull();
    expect(signedIn!.test?.('mantine/Menu')).toBe(true);
    expect(signedIn!.test?.('mantine/Alert')).toBe(false);
  });
});
