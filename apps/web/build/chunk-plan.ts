import path from 'node:path';
import { build, type InlineConfig, type Rollup } from 'vite';
import { bundleChunks, routeModules } from './route-chunks';

/**
 * The signed-in screens the server draws ahead (decision 044), whose code is planned into one
 * chunk: Home and the client grid, a first visit's screens.
 */
export const signedInStartRoutes = ['/', '/clients'] as const;

/** The sign-in page: most people's first page, whose code the entry is measured by (decision 030). */
const signInRoute = '/login';

/** Where the first build's chunks go in the second (docs/decisions/046). */
export interface ChunkPlan {
  /**
   * The entry's modules, and those of the chunks both the sign-in page and the first signed-in
   * screens need: they load with either, so they come with the entry, in no file of their own.
   */
  entry: ReadonlySet<string>;
  /** Modules the drawn signed-in screens need beyond the entry and no public screen needs. */
  signedInStart: ReadonlySet<string>;
  /** Modules of the chunks public screens need, by group: the chunks the same screens need. */
  kept: ReadonlyMap<string, string>;
}

/** The group name of the signed-in screens' chunk, and so its file name. */
export const signedInStartChunk = 'signed-in-start';

/**
 * Plans the second build from the first one's chunks:
 * - what the sign-in page and Home and the client grid all need goes with the entry;
 * - the other chunks a public screen needs (the sign-in screens, the public pages) are kept,
 *   those the same screens need together, so those pages load no more than before;
 * - what only the signed-in screens need beyond those becomes one chunk for Home and the grid.
 */
export function planChunks(bundle: Rollup.OutputBundle, routes: Map<string, string[]>): ChunkPlan {
  const { filesOf, entryFiles, chunkByFile: chunks } = bundleChunks(bundle);
  const isSignedIn = (modules: string[]) =>
    modules.some((module) =>
      module.replace(/\.[jt]sx?$/, '').endsWith(path.join('layouts', 'portal-layouts')),
    );

  /** Each chunk a public screen needs, with the public routes that need it. */
  const publicScreens = new Map<string, string[]>();
  for (const [route, modules] of routes) {
    if (isSignedIn(modules)) continue;
    for (const file of filesOf(modules)) publicScreens.set(file, [...(publicScreens.get(file) ?? []), route]);
  }
  const startFiles = new Set<string>();
  for (const route of signedInStartRoutes) {
    const modules = routes.get(route);
    if (!modules) throw new Error(`the route table has no ${route}`);
    for (const file of filesOf(modules)) startFiles.add(file);
  }

  // Chunks the same screens need (the same public ones, and Home and the grid or not) are one:
  // none of those screens loads more for it, and each loads fewer files. (Of two such chunks, a
  // chunk between them in the imports is needed by the same screens too, so no two chunks come
  // to import each other.)
  const sameScreens = new Map<string, Rollup.OutputChunk[]>();
  for (const [file, screens] of publicScreens) {
    const chunk = chunks.get(file);
    if (!chunk) continue;
    const key = `${screens.join(' ')}${startFiles.has(file) ? ' and the first signed-in screens' : ''}`;
    sameScreens.set(key, [...(sameScreens.get(key) ?? []), chunk]);
  }
  const kept = new Map<string, string>();
  const usedNames = new Set<string>();
  for (const members of sameScreens.values()) {
    // Named after its largest part; two groups of one name would be merged into one chunk.
    const largest = [...members].sort((a, b) => size(b) - size(a) || a.name.localeCompare(b.name))[0]!;
    let name = largest.name;
    for (let suffix = 2; usedNames.has(name); suffix += 1) name = `${largest.name}-${suffix}`;
    usedNames.add(name);
    for (const chunk of members) for (const id of chunk.moduleIds) kept.set(id, name);
  }
  const signedInStart = new Set<string>();
  for (const file of startFiles) {
    if (publicScreens.has(file)) continue;
    for (const id of chunks.get(file)?.moduleIds ?? []) signedInStart.add(id);
  }
  const signInFiles = new Set(filesOf(routes.get(signInRoute) ?? []));
  const entry = new Set<string>();
  for (const file of [...entryFiles, ...[...startFiles].filter((file) => signInFiles.has(file))])
    for (const id of chunks.get(file)?.moduleIds ?? []) entry.add(id);
  for (const id of entry) kept.delete(id);
  return { entry, signedInStart, kept };
}

/**
 * Rolldown's groups for the plan. Each group also takes the modules its own import (the default),
 * so the entry's modules are taken first, as the entry, and the kept chunks next: the signed-in
 * chunk then takes none of theirs, and the sign-in page loads nothing of it.
 */
export function planGroups(plan: ChunkPlan) {
  return [
    { name: 'index', test: (id: string) => plan.entry.has(id), priority: 3 },
    { name: (id: string) => plan.kept.get(id) ?? null, priority: 2, includeDependenciesRecursively: false },
    { name: signedInStartChunk, test: (id: string) => plan.signedInStart.has(id), priority: 1 },
  ];
}

const size = (chunk: Rollup.OutputChunk) => chunk.code?.length ?? chunk.moduleIds.length;

/** Set while the first build runs, so that it plans nothing itself and writes no file. */
export const planningBuild = 'HOMEMINDER_CHUNK_PLANNING';

/** The first build, in memory, and the plan made from it. */
export async function firstBuildPlan(root: string, mode: string): Promise<ChunkPlan> {
  process.env[planningBuild] = '1';
  try {
    const config: InlineConfig = { root, mode, logLevel: 'warn', build: { write: false } };
    const output = await build(config);
    const result = (Array.isArray(output) ? output[0] : output) as Rollup.RollupOutput;
    const bundle: Rollup.OutputBundle = Object.fromEntries(
      result.output.map((item) => [item.fileName, item]),
    );
    return planChunks(
      bundle,
      routeModules(path.join(root, 'src/app/route-table.ts'), path.join(root, 'src/app/router.tsx')),
    );
  } finally {
    delete process.env[planningBuild];
  }
}
