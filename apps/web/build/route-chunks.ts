import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync, type Plugin, type Rollup } from 'vite';

/** The file the server reads to preload a route's code (apps/api/src/plugins/spa.ts). */
export const routeChunksFile = 'route-chunks.json';

interface AstNode {
  type: string;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Every node under `root`, itself included, in source order. */
function* nodesUnder(root: unknown): Generator<AstNode> {
  if (Array.isArray(root)) {
    for (const item of root as unknown[]) yield* nodesUnder(item);
  } else if (isNode(root)) {
    yield root;
    for (const [key, child] of Object.entries(root)) if (key !== 'parent') yield* nodesUnder(child);
  }
}

function propertyOf(object: AstNode, name: string): AstNode | undefined {
  if (object.type !== 'ObjectExpression') return undefined;
  for (const property of object['properties'] as AstNode[]) {
    const key = property['key'];
    if (property.type === 'Property' && isNode(key) && (key['name'] ?? key['value']) === name) {
      return property['value'] as AstNode;
    }
  }
  return undefined;
}

const stringOf = (node: AstNode | undefined): string | undefined =>
  node?.type === 'Literal' && typeof node['value'] === 'string' ? node['value'] : undefined;

/** The modules `import('...')` loads anywhere under `node`, as absolute paths without extension. */
function importsUnder(node: unknown, dir: string): string[] {
  return [...nodesUnder(node)]
    .filter((child) => child.type === 'ImportExpression')
    .map((child) => stringOf(child['source'] as AstNode))
    .filter((source): source is string => source !== undefined)
    .map((source) => path.resolve(dir, source));
}

function parseFile(file: string): { program: AstNode; declared: Map<string, AstNode> } {
  const result = parseSync(file, readFileSync(file, 'utf8'));
  if (result.errors.length > 0) throw new Error(`${file} does not parse: ${result.errors[0]?.message}`);
  const program = result.program as unknown as AstNode;
  const declared = new Map<string, AstNode>();
  for (const node of nodesUnder(program)) {
    const id = node['id'];
    if (
      node.type === 'VariableDeclarator' &&
      isNode(id) &&
      typeof id['name'] === 'string' &&
      isNode(node['init'])
    )
      declared.set(id['name'], node['init']);
  }
  return { program, declared };
}

/**
 * Reads the route table (src/app/route-table.ts) and the layouts' code (layoutModules in
 * src/app/router.tsx) as written, and answers each route path and alias with the modules its
 * layout and screen load lazily. The catch-all route is left out.
 */
export function routeModules(routeTableFile: string, routerFile: string): Map<string, string[]> {
  const router = parseFile(routerFile);
  const layouts = router.declared.get('layoutModules');
  if (layouts?.type !== 'ObjectExpression') throw new Error(`${routerFile} has no layoutModules object`);

  const table = parseFile(routeTableFile);
  const routes = new Map<string, string[]>();
  for (const group of nodesUnder(table.program)) {
    const layout = stringOf(propertyOf(group, 'layout'));
    const members = propertyOf(group, 'routes');
    if (layout === undefined || members?.type !== 'ArrayExpression') continue;
    const layoutImports = importsUnder(propertyOf(layouts, layout), path.dirname(routerFile));
    for (const route of members['elements'] as AstNode[]) {
      let page = propertyOf(route, 'page');
      if (page?.type === 'Identifier') page = table.declared.get(page['name'] as string);
      const modules = [...layoutImports, ...importsUnder(page, path.dirname(routeTableFile))];
      const aliases = propertyOf(route, 'aliases');
      const paths = [
        stringOf(propertyOf(route, 'path')),
        ...(aliases?.type === 'ArrayExpression' ? (aliases['elements'] as AstNode[]).map(stringOf) : []),
      ];
      for (const routePath of paths) if (routePath && routePath !== '*') routes.set(routePath, modules);
    }
  }
  if (!routes.has('/')) throw new Error(`${routeTableFile} has no route the build can read`);
  return routes;
}

const withoutExtension = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '');

/** The chunks of a build, with the files of a set of chunks and of everything they import. */
export function bundleChunks(bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Rollup.OutputChunk[]) => {
    const seen = new Set<string>();
    const pending = [...start];
    while (pending.length > 0) {
      const chunk = pending.pop()!;
      if (seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      for (const name of chunk.imports) {
        const imported = byName.get(name);
        if (imported) pending.push(imported);
      }
    }
    return seen;
  };
  const entry = closure(chunks.filter((chunk) => chunk.isEntry));
  /** The chunk built from a module (absolute path, with or without its extension). */
  const chunkOf = (module: string): Rollup.OutputChunk | undefined => {
    const wanted = withoutExtension(module);
    return (
      chunks.find((chunk) => chunk.facadeModuleId && withoutExtension(chunk.facadeModuleId) === wanted) ??
      chunks.find((chunk) => chunk.moduleIds.some((id) => withoutExtension(id) === wanted))
    );
  };
  /** The files the modules need beyond the entry's, the modules' own first. */
  const filesOf = (modules: string[]): string[] => {
    const own = modules.map((module) => {
      const chunk = chunkOf(module);
      if (!chunk) throw new Error(`no chunk was built from ${module}`);
      return chunk;
    });
    const files = new Set([...own.map((chunk) => chunk.fileName), ...closure(own)]);
    return [...files].filter((file) => !entry.has(file));
  };
  return { filesOf, entryFiles: entry, chunkByFile: byName as ReadonlyMap<string, Rollup.OutputChunk> };
}

/**
 * After the browser build, writes dist/route-chunks.json: each route path of the app and the
 * chunk files its layout and screen need beyond the entry. The server preloads them in the page
 * it answers for that path, so they download beside the entry instead of after it
 * (docs/decisions/035-route-chunk-preload.md).
 */
export function routeChunks(): Plugin {
  let root = '';
  let outDir = '';
  let bundle: Rollup.OutputBundle = {};
  return {
    name: 'homeminder:route-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, output) {
      bundle = output;
    },
    writeBundle() {
      const { filesOf } = bundleChunks(bundle);
      const routes = routeModules(
        path.join(root, 'src/app/route-table.ts'),
        path.join(root, 'src/app/router.tsx'),
      );
      const chunks: Record<string, string[]> = {};
      for (const [routePath, modules] of routes) {
        const files = filesOf(modules);
        if (files.length > 0) chunks[routePath] = files;
      }
      writeFileSync(path.join(outDir, routeChunksFile), `${JSON.stringify(chunks, null, 2)}\n`);
    },
  };
}
