// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Mutation testing of the kit's run alone: how many faults planted in turn-scheduler,
 * plugin-agent, tool-loop and archive-adapter's turn persistence (and its turn writer) the
 * conformance cases against plugin-agent catch (no unit test of those packages runs). Run from the repository root, where
 * Stryker can copy the packages into its sandbox: `npm run mutation -w @aalis/conformance-proof`,
 * which then fails on a survivor not listed in mutation/accepted-survivors.json. The HTML and
 * JSON reports land in reports/mutation/ at the repository root (ignored by git).
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  mutate: [
    'packages/turn-scheduler/src/**/*.ts',
    'packages/plugin-agent/src/**/*.ts',
    'packages/tool-loop/src/**/*.ts',
    'packages/archive-adapter/src/create-turn-persistence.ts',
    'packages/archive-adapter/src/create-turn-writer.ts',
    'packages/archive-adapter/src/tool-group-drafts.ts',
    'packages/archive-adapter/src/archive-inputs.ts',
    '!packages/*/src/**/*.test.ts',
    '!packages/*/src/**/*.test-d.ts',
  ],
  testRunner: 'vitest',
  plugins: [
    '@stryker-mutator/vitest-runner',
    fileURLToPath(new URL('mutation/log-ignorer.mjs', import.meta.url)),
  ],
  // Log lines are outside what the contract lets users observe: reported as ignored.
  ignorers: ['log-lines'],
  vitest: {
    configFile: 'packages/conformance-proof/vitest.mutation.config.ts',
    // The conformance cases reach the mutated code through plugin-agent, not by importing it.
    related: false,
  },
  coverageAnalysis: 'perTest',
  ignorePatterns: ['**/dist', '**/.nx', '**/coverage', '**/reports', '**/bench/results'],
  // The cases have 2 s phase limits: more runners than cores would turn slowness into timeouts.
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
};

export default config;
