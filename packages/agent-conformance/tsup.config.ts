import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/vitest.ts', 'src/node-test.ts', 'src/cli.ts'],
  format: ['esm'],
  dts: {
    entry: ['src/index.ts', 'src/vitest.ts', 'src/node-test.ts'],
    compilerOptions: { customConditions: [] },
  },
  clean: true,
  sourcemap: true,
  target: 'node20',
  external: ['vitest'],
  // Keep `node:` specifiers: `node:test` exists only under its prefix.
  removeNodeProtocol: false,
});
