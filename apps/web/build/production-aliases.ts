import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';

const require = createRequire(import.meta.url);

/**
 * Aliases for production bundles only. React Router's package exports name its development build
 * alone (dev warnings on, extra checks: remix-run/react-router#12532 and #14102), so a bundle takes
 * the production build the package ships beside it (docs/decisions/041).
 */
export function productionAliases(): Alias[] {
  const packageDir = path.dirname(require.resolve('react-router/package.json'));
  const build = (file: string) => {
    const built = path.join(packageDir, 'dist', 'production', file);
    if (!existsSync(built)) throw new Error(`React Router's production build is missing: ${built}`);
    return built;
  };
  // Both entries, or the app would hold two copies of the router's state and contexts.
  return [
    { find: /^react-router$/, replacement: build('index.mjs') },
    { find: /^react-router\/dom$/, replacement: build('dom-export.mjs') },
  ];
}
