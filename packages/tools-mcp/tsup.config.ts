import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: { compilerOptions: { customConditions: [] } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Error classes take their `name` from `new.target`: keep it the class's own, not esbuild's `_Name`.
  keepNames: true,
});
