#!/usr/bin/env node
/**
 * Creates a package from the workspace template:
 *   node tools/new-package.mjs <name> <layer> "<one-line description>"
 * then run `npm install` once so the workspace links it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseErrorSource, baseErrorTestSource, errorClassName } from './error-family/templates.mjs';

const [name, layer, description] = process.argv.slice(2);
const layers = ['engine', 'contract', 'concern', 'provider', 'plugin', 'kit', 'app', 'internal'];
if (!name || !/^[a-z][a-z0-9-]*$/.test(name) || !layers.includes(layer) || !description) {
  console.error('usage: node tools/new-package.mjs <kebab-name> <layer> "<description>"');
  console.error(`layers: ${layers.join(', ')}`);
  process.exit(2);
}
const root = new URL('..', import.meta.url).pathname;
const directory = join(root, 'packages', name);
if (existsSync(directory)) {
  console.error(`packages/${name} exists already`);
  process.exit(1);
}
const published = layer !== 'internal';
const manifest = {
  name: `@aalis/${name}`,
  version: '0.0.0',
  description,
  ...(published ? {} : { private: true }),
  keywords: ['aalis'],
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  engines: { node: '>=20.19' },
  exports: {
    '.': { '@aalis/source': './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' },
    './package.json': './package.json',
  },
  types: './dist/index.d.ts',
  files: ['dist', 'src', '!src/**/*.test.ts', '!src/**/*.test-d.ts'],
  scripts: {
    build: 'tsup',
    typecheck: 'tsc -p tsconfig.json',
    test: 'vitest run --config ../../vitest.config.ts --root .',
    ...(published ? { 'check-package': 'publint --strict && attw --pack . --profile esm-only' } : {}),
  },
  // Above the engines a package takes the error helper from schema-message (docs/errors.md).
  ...(layer === 'engine' ? {} : { dependencies: { '@aalis/schema-message': '^0.0.0' } }),
  aalis: { layer },
};
const tsconfig = {
  extends: '../../tsconfig.base.json',
  compilerOptions: { noEmit: true, customConditions: ['@aalis/source'] },
  include: ['src', 'test', 'bench'],
};
const tsup = `import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: { compilerOptions: { customConditions: [] } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Error classes take their \`name\` from \`new.target\`: keep it the class's own, not esbuild's \`_Name\`.
  keepNames: true,
});
`;
mkdirSync(join(directory, 'src'), { recursive: true });
writeFileSync(join(directory, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(join(directory, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
writeFileSync(join(directory, 'tsup.config.ts'), tsup);
// The package's error base class in the one pattern of docs/errors.md, with its test and the
// helper copy that tools/check-error-pattern.mjs keeps identical across packages.
const errorClass = errorClassName(name);
// An engine depends on no other @aalis package: it holds the helper's copy.
if (layer === 'engine')
  copyFileSync(
    join(root, 'tools', 'error-family', 'error-family.ts'),
    join(directory, 'src', 'error-family.ts'),
  );
writeFileSync(
  join(directory, 'src', `${name}-error.ts`),
  baseErrorSource(
    name,
    errorClass,
    layer === 'engine' ? './error-family' : '@aalis/schema-message/error-family',
  ),
);
writeFileSync(join(directory, 'src', `${name}-error.test.ts`), baseErrorTestSource(name, errorClass));
writeFileSync(
  join(directory, 'src', 'index.ts'),
  `export { ${errorClass}, type ${errorClass}Options } from './${name}-error';\n`,
);
writeFileSync(
  join(directory, 'README.md'),
  `# @aalis/${name}\n\n${description}\n\n## Errors\n\nEvery error of this package is a \`${errorClass}\` with a stable \`code\` ` +
    `(see [the error pattern](https://github.com/aalis/agent/blob/main/docs/errors.md)); \`${errorClass}.isInstance(value)\` recognises ` +
    'them across installed copies.\n\n| code | class | when |\n| --- | --- | --- |\n',
);
// LICENSE, author, repository, homepage and bugs come from the root, as for every published package.
spawnSync('node', [join(root, 'tools', 'package-metadata.mjs'), '--write'], { stdio: 'inherit' });
spawnSync('npx', ['biome', 'format', '--write', directory], { stdio: 'inherit' });
console.log(`created packages/${name} (${layer}); now run: npm install`);
