import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * The command line as a user runs it: plain `node` (no loader), the kit bundled into one file,
 * and a TypeScript adapter in a project with or without tsx installed.
 */
const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const root = join(packageDirectory, '../..');
const directory = mkdtempSync(join(tmpdir(), 'agent-conformance-ts-adapter-'));
const cli = join(directory, 'cli.mjs');

const adapter = `import type {} from 'node:fs';
interface Declared { readonly name: string }
export const implementation: Declared = { name: 'typed-agent' };
export const capabilities: Record<string, boolean> = Object.fromEntries(
  ['preprocessors', 'SVC-3', 'SCH-3', 'SCH-6', 'CLR-6', 'CLR-7', 'USG-9', 'OUT-3', 'ARC-9', 'USG-6', 'SET-2', 'OUT-2', 'LIV-1', 'LIV-2', 'LIV-3', 'LIV-4', 'DUR-1', 'DUR-2', 'DUR-3'].map((key): [string, boolean] => [key, false]),
);
export function factory(): object {
  return {
    handleMessage: async (): Promise<void> => undefined,
    abort: (): boolean => false,
    clearing: async (_ids: unknown, clear: () => Promise<unknown>): Promise<void> => { await clear(); },
    assignModel: async (): Promise<void> => undefined,
  };
}
`;

function project(name: string, withTsx: boolean): string {
  const folder = join(directory, name);
  mkdirSync(folder);
  writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(folder, 'adapter.ts'), adapter);
  if (withTsx) {
    mkdirSync(join(folder, 'node_modules'));
    symlinkSync(join(root, 'node_modules/tsx'), join(folder, 'node_modules/tsx'), 'dir');
  }
  return folder;
}

function runCli(cwd: string) {
  return spawnSync(process.execPath, [cli, 'run', '--adapter', './adapter.ts', '--only', 'SVC-1'], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

beforeAll(async () => {
  await build({
    entryPoints: [join(packageDirectory, 'src/cli.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@aalis/source'],
    banner: {
      js: "import { createRequire as kitRequire } from 'node:module'; const require = kitRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
}, 60_000);

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('agent-conformance run with a TypeScript adapter', () => {
  test('loads it through tsx when tsx is installed in the project', () => {
    const result = runCli(project('with-tsx', true));
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('✓ [SVC-1] the service exposes handleMessage');
    expect(result.status).toBe(0);
  });

  test('without tsx, exits 2 and says to install tsx or compile the adapter', () => {
    const result = runCli(project('without-tsx', false));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Adapter module ./adapter.ts: could not be loaded: it is TypeScript');
    expect(result.stderr).toContain('npm install -D tsx');
    expect(result.stderr).toContain('compile the adapter to JavaScript first');
  });
});
