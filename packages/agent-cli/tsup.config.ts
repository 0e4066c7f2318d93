import { chmod, readFile, writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

const shebang = '#!/usr/bin/env node\n';

export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' }, compilerOptions: { customConditions: [] } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Error classes take their `name` from `new.target`: keep it the class's own, not esbuild's `_Name`.
  keepNames: true,
  // The `aalis-agent` binary: a shebang and the executable bit, on dist/cli.js only.
  async onSuccess() {
    const code = await readFile('dist/cli.js', 'utf8');
    if (!code.startsWith(shebang)) await writeFile('dist/cli.js', shebang + code);
    await chmod('dist/cli.js', 0o755);
  },
});
