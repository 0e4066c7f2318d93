/**
 * The TypeScript settings a consumer of the published types may use, each with the files it
 * type-checks: an ES module (`.ts` in a `"type": "module"` project) and a CommonJS file (`.cts`)
 * importing token-budget and the kit. Under `module: node16` TypeScript does not model Node's
 * `require()` of ES modules, so the CommonJS file there takes types with `resolution-mode` and
 * values with `import()`, as token-budget's README says.
 */
export interface TypeCheckConfiguration {
  readonly module: string;
  readonly moduleResolution: string;
  readonly files: string;
  readonly tsconfig: object;
}

function configuration(
  module: string,
  moduleResolution: string,
  files: readonly string[],
): TypeCheckConfiguration {
  return {
    module,
    moduleResolution,
    files: files.join(' and '),
    tsconfig: {
      compilerOptions: {
        target: 'ES2022',
        module,
        moduleResolution,
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
      },
      files: files.map((file) => `types/${file}`),
    },
  };
}

export const typeCheckConfigurations: readonly TypeCheckConfiguration[] = [
  configuration('node20', 'node16', ['esm.ts', 'commonjs.cts']),
  configuration('node16', 'node16', ['esm.ts', 'commonjs-node16.cts']),
  configuration('nodenext', 'nodenext', ['esm.ts', 'commonjs.cts']),
  configuration('preserve', 'bundler', ['esm.ts', 'commonjs.cts']),
];
