import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * One configuration for the whole workspace: run from the root it tests every package, run
 * from a package (`vitest run --config ../../vitest.config.ts --root .`) it tests that one.
 * Siblings resolve to their `src/` through the `@aalis/source` export condition, so no
 * build step is needed before testing.
 */
const sourceCondition = '@aalis/source';

export default defineConfig({
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
  test: {
    include: ['**/src/**/*.test.ts', '**/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/.stryker-tmp*/**'],
    testTimeout: 20_000,
    // Starts nothing until a test asks for PostgreSQL (tools/test-postgres/test-database.ts).
    globalSetup: [fileURLToPath(new URL('./tools/test-postgres/global-setup.ts', import.meta.url))],
    typecheck: {
      enabled: true,
      include: ['**/src/**/*.test-d.ts', '**/test/**/*.test-d.ts'],
      // From the root, the type tests of every package; from a package, that package's.
      tsconfig: existsSync('./tsconfig.typetests.json') ? './tsconfig.typetests.json' : './tsconfig.json',
    },
  },
});
