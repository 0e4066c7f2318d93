import { defineConfig } from 'tsup';

/** The public entries: the root, the runner adapters, and the subpaths (see package.json `exports`). */
const entries = [
  'src/index.ts',
  'src/vitest.ts',
  'src/node-test.ts',
  'src/runner/index.ts',
  'src/report/index.ts',
  'src/harness/index.ts',
  'src/cases/index.ts',
  'src/catalog/index.ts',
  'src/testing/index.ts',
];

export default defineConfig({
  entry: [...entries, 'src/cli.ts'],
  format: ['esm'],
  dts: {
    entry: entries,
    compilerOptions: { customConditions: [] },
  },
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Error classes take their `name` from `new.target`: keep it the class's own, not esbuild's `_Name`.
  keepNames: true,
  external: ['vitest'],
  // Keep `node:` specifiers: `node:test` exists only under its prefix.
  removeNodeProtocol: false,
});
