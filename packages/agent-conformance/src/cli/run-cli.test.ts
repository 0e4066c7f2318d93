import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseReport, verifyReport } from '../report/index';
import { runCli } from './run-cli';

const directory = mkdtempSync(join(tmpdir(), 'agent-conformance-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const capabilities = `{ preprocessors: false, 'SVC-3': false, 'SCH-3': false, 'SCH-6': false, 'CLR-6': false, 'CLR-7': false, 'USG-9': false, 'OUT-3': false, 'ARC-9': false, 'USG-6': false, 'SET-2': false, 'OUT-2': false, 'LIV-1': false, 'LIV-2': false, 'LIV-3': false, 'LIV-4': false, 'DUR-1': false, 'DUR-2': false, 'DUR-3': false }`;

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
    expect(result.stdout).toContain('✓ [SVC-1] the service exposes handleMessage');
    expect(result.stdout).toContain(
      'verdict: pass (2 satisfied, 79 not-run; limited to SVC-1, svc-2-handlemessage-resolves-for-an-input-dropped-at-agent-input-before: requirements not run are outside the verdict)',
    );
    expect(result.stdout).toContain('![api-agent conformance');
    expect(result.code).toBe(0);
    const report = parseReport(readFileSync(join(directory, 'report.json'), 'utf8'));
    expect(report.implementation).toEqual({ name: 'instant-agent', version: '0.0.1' });
    expect(report.cases).toHaveLength(2);
    expect(verifyReport(report).ok).toBe(true);
    expect(readFileSync(join(directory, 'report.md'), 'utf8')).toContain(
      '# Agent conformance report: instant-agent 0.0.1',
    );
  });

  test('--only SVC-1 can pass: the requirements it did not run are not run, outside the verdict', async () => {
    const result = await cli(
      'run',
      '--adapter',
      './instant-agent.mjs',
      '--only',
      'svc-1',
      '--json',
      'only.json',
    );
    expect(result.code).toBe(0);
    const report = parseReport(readFileSync(join(directory, 'only.json'), 'utf8'));
    expect(report.only).toEqual(['svc-1']);
    expect(report.requirements.filter((requirement) => requirement.status !== 'not-run')).toHaveLength(1);
    expect(report.verdict).toBe('pass');
  });

  test('--only rejects an id that names no case or requirement, before running anything', async () => {
    const unknown = await cli('run', '--adapter', './instant-agent.mjs', '--only', 'SVC-99');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toBe(
      'agent-conformance: --only names no case or requirement of the kit: SVC-99. The SVC requirements are SVC-1, SVC-2, SVC-3, SVC-4, SVC-5.',
    );
    const family = await cli('run', '--adapter', './instant-agent.mjs', '--only', 'SVC-1,NOPE-1');
    expect(family.stderr).toContain(
      'no case or requirement of the kit: NOPE-1. Requirement ids are a family (SVC, SCH,',
    );
  });

  test('prints a timed-out case with what it was waiting for', async () => {
    const result = await cli(
      'run',
      '--adapter',
      './instant-agent.mjs',
      '--only',
      'svc-2-handlemessage-resolves-only-after-its-turn-ended',
      '--timeout',
      '50',
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '✗ [SVC-2] handleMessage resolves only after its turn ended [timeout] case svc-2-handlemessage-resolves-only-after-its-turn-ended did not finish within 50 ms. ' +
        'It was waiting for: a model call (llm.chat of the harness) to take scripted step 1 (waits for a gate the case opens later, then replies "reply to hello"). ' +
        'Scripted but never called: scripted model step 1 (waits for a gate the case opens later, then replies "reply to hello"). ' +
        'By then the implementation had made 0 model call(s) and 0 tool call(s).',
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
  test('verify exits 0 for a consistent report whatever its verdict, 1 with --require-pass unless it passed', async () => {
    await cli(
      'run',
      '--adapter',
      './instant-agent.mjs',
      '--only',
      'SVC-2',
      '--timeout',
      '50',
      '--json',
      'fail.json',
    );
    const failing = await cli('verify', 'fail.json');
    expect(failing.stdout).toContain('report consistent: instant-agent, digest sha256:');
    expect(failing.stdout).toContain('verdict: fail');
    expect(failing.code).toBe(0);
    const required = await cli('verify', 'fail.json', '--require-pass');
    expect(required.stdout).toContain('--require-pass: the verdict is not pass');
    expect(required.code).toBe(1);
    await cli('run', '--adapter', './instant-agent.mjs', '--only', 'SVC-1', '--json', 'pass.json');
    expect((await cli('verify', '--require-pass', 'pass.json')).code).toBe(0);
  });

  test('verify exits 1 for a report whose verdict or statuses were edited', async () => {
    const report = JSON.parse(readFileSync(join(directory, 'fail.json'), 'utf8'));
    report.verdict = 'pass';
    writeFileSync(join(directory, 'edited.json'), JSON.stringify(report));
    const edited = await cli('verify', 'edited.json');
    expect(edited.stdout).toContain('problem: the verdict is pass, the cases say fail');
    expect(edited.code).toBe(1);
  });

  test('badge prints a linked badge line; unknown commands and unreadable reports exit with 2', async () => {
    const badge = await cli('badge', 'pass.json', '--link', 'https://example.com/r.md');
    expect(badge.code).toBe(0);
    expect(badge.stdout).toMatch(/^\[!\[api-agent conformance: 1\/81 satisfied, 80 not run\]/);
    writeFileSync(join(directory, 'broken.json'), '{');
    expect((await cli('verify', 'broken.json')).code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
    expect((await cli('--help')).stdout).toContain('agent-conformance verify <report.json> [--require-pass]');
  });
});
