import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ImportModule } from './import-adapter-module';
import { loadAdapter } from './load-adapter';

/** A directory outside the repository: no tsx can be resolved from it. */
const directory = mkdtempSync(join(tmpdir(), 'agent-conformance-adapter-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

writeFileSync(
  join(directory, 'adapter.ts'),
  `export const implementation: string = 'typed';\nexport const capabilities = {};\nexport function factory() { return {}; }\n`,
);

/** What Node 20 does with a `.ts` file and no loader. */
const nodeWithoutLoader: ImportModule = async (url) => {
  if (url.endsWith('.ts')) {
    throw Object.assign(new TypeError(`Unknown file extension ".ts" for ${url}`), {
      code: 'ERR_UNKNOWN_FILE_EXTENSION',
    });
  }
  return (await import(url)) as Record<string, unknown>;
};

describe('loadAdapter', () => {
  test('without tsx, a TypeScript adapter fails with what to run: install tsx or compile it', async () => {
    await expect(loadAdapter('./adapter.ts', directory, nodeWithoutLoader)).rejects.toThrow(
      'Adapter module ./adapter.ts: could not be loaded: it is TypeScript, which Node cannot import by itself (Unknown file extension ".ts" for file://',
    );
    await expect(loadAdapter('./adapter.ts', directory, nodeWithoutLoader)).rejects.toThrow(
      'Install tsx next to it (npm install -D tsx) and run the same command again: the CLI then loads TypeScript adapters through tsx. Or compile the adapter to JavaScript first and pass the .js file.',
    );
  });

  test('without tsx, a TypeScript adapter Node can load itself (under a loader) is used as it is', async () => {
    const underLoader: ImportModule = async () => ({
      implementation: 'typed',
      capabilities: {},
      factory: () => ({}),
    });
    await expect(loadAdapter('./adapter.ts', directory, underLoader)).resolves.toMatchObject({
      implementation: 'typed',
    });
  });
});
