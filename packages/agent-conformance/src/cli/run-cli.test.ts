import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseReport, verifyReport } from '../index';
import { runCli } from './run-cli';

const directory = mkdtempSync(join(tmpdir(), 'agent-conformance-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const capabilities = `{ preprocessors: false, 'SVC-3': false, 'SCH-3': false, 'SCH-6': false, 'CLR-6': false, 'CLR-7': false, 'USG-9': false, 'OUT-3': false, 'LIV-1': false, 'LIV-2': false, 'LIV-3': false, 'LIV-4': false, 'DUR-1': false, 'DUR-2': false, 'DUR-3': false }`;

writeFileSync(
  join(directory, 'instant-agent.mjs'),
  `// A tiny agent that settles every input at once without running a turn.
export const implementation = { name: 'instant-agent', version: '0.0.1' };
export const capabilities = ${capabilities};
export function factory() {
  return {
    handleMessage: async () => {},
    abort: () => false,
    clearing: async (_sessionIds, clear) => { await clear(); },
    assignModel: async () => {},
  };
}
`,
);
writeFileSync(
  join(directory, 'no-factory.mjs'),
  `export const capabilities = ${capabilities};\nexport const implementation = 'x';\n`,
);
writeFileSync(
  join(directory, 'bad-capabilities.mjs'),
  `export const capabilities = { preprocessors: true };\nexport const implementation = 'x';\nexport const factory = () => ({});\n`,
);

async function cli(...argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli(argv, {
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
    cwd: directory,
  });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

describe('agent-conformance run', () => {
  test('runs the chosen cases against the adapter module, prints progress and writes the JSON and Markdown reports', async () => {
    const result = await cli(
      'run',
      '--adapter',
      './instant-agent.mjs',
      '--only',
      'SVC-1,svc-2-handlemessage-resolves-for-an-input-dropped-at-agent-input-before',
      '--json',
      'report.json',
      '--markdown',
      'report.md',
      '--timeout',
      '100',
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✓ [SVC-1] the service exposes handleMessage');
    expect(result.stdout).toContain('verdict: fail');
    expect(result.stdout).toContain('![api-agent conformance');
    const report = parseReport(readFileSync(join(directory, 'report.json'), 'utf8'));
    expect(report.implementation).toEqual({ name: 'instant-agent', version: '0.0.1' });
    expect(report.cases).toHaveLength(2);
    expect(verifyReport(report).ok).toBe(true);
    expect(readFileSync(join(directory, 'report.md'), 'utf8')).toContain(
      '# Agent conformance report: instant-agent 0.0.1',
    );
  });

  test('exits with 2 for a missing adapter, a module without factory, or malformed capabilities', async () => {
    expect((await cli('run')).code).toBe(2);
    const missing = await cli('run', '--adapter', './no-factory.mjs');
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toContain('Adapter module ./no-factory.mjs: exports no factory function');
    const capabilitiesError = await cli('run', '--adapter', './bad-capabilities.mjs');
    expect(capabilitiesError.code).toBe(2);
    expect(capabilitiesError.stderr).toContain('Invalid capabilities: missing key(s) SVC-3');
    expect((await cli('run', '--adapter', './nowhere.mjs')).stderr).toContain('could not be loaded');
  });
});

describe('agent-conformance verify and badge', () => {
  test('verify accepts a consistent report (exit 1 for a failing verdict) and reports edits', async () => {
    await cli('run', '--adapter', './instant-agent.mjs', '--only', 'SVC-1', '--json', 'verify.json');
    const consistent = await cli('verify', 'verify.json');
    expect(consistent.stdout).toContain('report consistent: instant-agent, verdict fail');
    expect(consistent.code).toBe(1);
    const report = JSON.parse(readFileSync(join(directory, 'verify.json'), 'utf8'));
    report.verdict = 'pass';
    writeFileSync(join(directory, 'edited.json'), JSON.stringify(report));
    const edited = await cli('verify', 'edited.json');
    expect(edited.stdout).toContain('problem: the verdict is pass, the cases say fail');
    expect(edited.code).toBe(1);
  });

  test('badge prints a linked badge line; unknown commands and unreadable reports exit with 2', async () => {
    await cli('run', '--adapter', './instant-agent.mjs', '--only', 'SVC-1', '--json', 'badge.json');
    const badge = await cli('badge', 'badge.json', '--link', 'https://example.com/r.md');
    expect(badge.code).toBe(0);
    expect(badge.stdout).toMatch(/^\[!\[api-agent conformance: 1\/81 satisfied/);
    writeFileSync(join(directory, 'broken.json'), '{');
    expect((await cli('verify', 'broken.json')).code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
    expect((await cli('--help')).stdout).toContain('agent-conformance run --adapter');
  });
});
