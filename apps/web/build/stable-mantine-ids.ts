import type { Plugin } from 'vite';

/** Mantine's id hook, as the package ships it (ES modules; the app never loads its CommonJS). */
export const mantineIdModule = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * The same hook with React's id alone. Mantine's draws with React's id, then swaps it for a random
 * one in a layout effect: every input, popover and drawer of a screen draws twice, and the second
 * time synchronously, inside the commit of the first, which holds the whole first draw in one long
 * task (decision 047). React's id is unique within the root and stable from the first draw.
 */
export const stableIdSource = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
`;

/** Serves `stableIdSource` in place of Mantine's id hook, to the app's bundles and to Vite's. */
export function stableMantineIds(): Plugin {
  return {
    name: 'homeminder:stable-mantine-ids',
    enforce: 'pre',
    load(id) {
      return mantineIdModule.test(id.split('?')[0]!) ? stableIdSource : null;
    },
  };
}
