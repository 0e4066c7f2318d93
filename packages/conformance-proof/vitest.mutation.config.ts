import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The vitest configuration of the mutation run (`npm run mutation`, see stryker.config.mjs):
 * only the conformance run against plugin-agent, no type tests.
 *
 * Stryker copies the workspace into a sandbox and links the root `node_modules` into it, and
 * the workspace links in there (`node_modules/@aalis/*`) point back at the original packages.
 * So every `@aalis/*` entry is aliased to the `@aalis/source` file of the package beside this
 * one: the copy the mutants were written into.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const packagesDirectory = join(root, 'packages');
const sourceCondition = '@aalis/source';

interface Manifest {
  readonly name: string;
  readonly exports?: Readonly<Record<string, unknown>>;
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function sourceAliases(): { find: RegExp; replacement: string }[] {
  const aliases: { find: RegExp; replacement: string }[] = [];
  for (const directory of readdirSync(packagesDirectory)) {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(join(packagesDirectory, directory, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const source = (target as Record<string, unknown> | null)?.[sourceCondition];
      if (typeof source !== 'string') continue;
      const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      aliases.push({
        find: new RegExp(`^${escapeForPattern(specifier)}$`),
        replacement: join(packagesDirectory, directory, source),
      });
    }
  }
  return aliases;
}

export default defineConfig({
  root,
  resolve: { alias: sourceAliases(), conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
  test: {
    include: ['packages/conformance-proof/test/plugin-agent.conformance.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    typecheck: { enabled: false },
  },
});
