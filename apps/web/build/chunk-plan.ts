import path from 'node:path';
import { build, type InlineConfig, type Rollup } from 'vite';
import { bundleChunks, routeModules } from './route-chunks';

/**
 * The signed-in screens the server draws ahead (decision 044), whose code is planned into one
 * chunk: Home and the client grid, a first visit's screens.
 */
export const signedInStartRoutes = ['/', '/clients'] as const;

/** Where the first build's chunks go in the second (docs/decisions/046). */
export interface ChunkPlan {
  /** Modules the drawn signed-in screens need beyond the entry and no public screen needs. */
  signedInStart: ReadonlySet<string>;
  /** Modules of a chunk a public screen needs: kept together as in the first build, by name. */
  kept: ReadonlyMap<string, string>;
}

/** The group name of the signed-in screens' chunk, and so its file name. */
export const signedInStartChunk = 'signed-in-start';

/**
 * Plans the second build from the first one's chunks. A public screen's chunks (the sign-in
 * screens, the public pages) stay as they were, so their pages load no more than before; what
 * only the signed-in screens need, beyond the entry and those kept chunks, becomes one chunk
 * for Home and the client grid instead of some sixty small ones.
 */
export function planChunks(bundle: Rollup.OutputBundle, routes: Map<string, string[]>): ChunkPlan {
  const { filesOf } = bundleChunks(bundle);
  const chunks = new Map(
    Object.values(bundle)
      .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const isSignedIn = (modules: string[]) =>
    modules.some((module) =>
      module.replace(/\.[jt]sx?$/, '').endsWith(path.join('layouts', 'portal-layouts')),
    );

  const publicFiles = new Set<string>();
  for (const modules of routes.values()) {
    if (!isSignedIn(modules)) for (const file of filesOf(modules)) publicFiles.add(file);
  }
  const startFiles = new Set<string>();
  for (const route of signedInStartRoutes) {
    const modules = routes.get(route);
    if (!modules) throw new Error(`the route table has no ${route}`);
    for (const file of filesOf(modules)) startFiles.add(file);
  }

  const kept = new Map<string, string>();
  const usedNames = new Map<string, number>();
  for (const file of [...publicFiles].sort()) {
    const chunk = chunks.get(file);
    if (!chunk) continue;
    // Two chunks may share a name (several features' `api`): a group per name would merge them.
    const seen = usedNames.get(chunk.name) ?? 0;
    usedNames.set(chunk.name, seen + 1);
    const name = seen === 0 ? chunk.name : `${chunk.name}-${seen + 1}`;
    for (const id of chunk.moduleIds) kept.set(id, name);
  }
  const signedInStart = new Set<string>();
  for (const file of startFiles) {
    if (publicFiles.has(file)) continue;
    for (const id of chunks.get(file)?.moduleIds ?? []) signedInStart.add(id);
  }
  return { signedInStart, kept };
}

/**
 * Rolldown's groups for the plan. Each group also takes the modules its own import (the default),
 * so the entry's modules are taken first, as the entry, and the kept chunks next: the signed-in
 * chunk then takes none of theirs, and the sign-in page loads nothing of it.
 */
export function planGroups(plan: ChunkPlan) {
  return [
    { name: 'index', tags: ['$initial' as const], priority: 3 },
    { name: (id: string) => plan.kept.get(id) ?? null, priority: 2, includeDependenciesRecursively: false },
    { name: signedInStartChunk, test: (id: string) => plan.signedInStart.has(id), priority: 1 },
  ];
}

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
