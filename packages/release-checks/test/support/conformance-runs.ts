import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConformanceReport } from '@aalis/agent-conformance';
import { type CommandResult, runCommand } from './run-command';

/** A vitest configuration that runs the compiled conformance file only. */
export async function writeVitestConfig(directory: string): Promise<void> {
  const config =
    "export default { test: { include: ['dist/vitest-conformance.js'], testTimeout: 30_000 } };\n";
  await writeFile(join(directory, 'vitest.config.mjs'), config);
}

/** One run of the kit in a consumer project: how the command ended and the report it wrote. */
export interface ConformanceRun {
  readonly result: CommandResult;
  readonly report: ConformanceReport;
}

async function withReport(
  directory: string,
  file: string,
  run: (env: Record<string, string>) => Promise<CommandResult>,
) {
  const reportPath = join(directory, file);
  const result = await run({ CONFORMANCE_REPORT: reportPath });
  const text = await readFile(reportPath, 'utf8').catch(() => {
    throw new Error(`no report at ${file}; the run printed:\n${result.stdout}\n${result.stderr}`);
  });
  return { result, report: JSON.parse(text) as ConformanceReport };
}

/** `vitest run` in `directory` (whichever vitest it installed) over the kit's vitest entry. */
export function runWithVitest(
  directory: string,
  env: Record<string, string>,
  file: string,
): Promise<ConformanceRun> {
  return withReport(directory, file, (extra) =>
    runCommand(join(directory, 'node_modules', '.bin', 'vitest'), ['run', '--config', 'vitest.config.mjs'], {
      cwd: directory,
      env: { ...env, ...extra },
    }),
  );
}

/** `node --test` over the kit's node:test entry. */
export function runWithNodeTest(directory: string, env: Record<string, string>): Promise<ConformanceRun> {
  return withReport(directory, 'node-test-report.json', (extra) =>
    runCommand(process.execPath, ['--test', 'dist/node-test-conformance.js'], {
      cwd: directory,
      env: { ...env, ...extra },
    }),
  );
}

/** The kit's command line: `agent-conformance run --adapter … --json … --markdown …`. */
export async function runWithCommandLine(
  directory: string,
  env: Record<string, string>,
): Promise<ConformanceRun> {
  const bin = join(directory, 'node_modules', '.bin', 'agent-conformance');
  const args = [
    'run',
    '--adapter',
    './dist/conformance-adapter.js',
    '--json',
    'cli-report.json',
    '--markdown',
    'cli-report.md',
  ];
  const result = await runCommand(bin, args, { cwd: directory, env });
  const text = await readFile(join(directory, 'cli-report.json'), 'utf8').catch(() => {
    throw new Error(`the command line wrote no report:\n${result.stdout}\n${result.stderr}`);
  });
  return { result, report: JSON.parse(text) as ConformanceReport };
}

/** `agent-conformance verify <report>`: the kit's own consistency check of a report file. */
export function verifyReport(
  directory: string,
  env: Record<string, string>,
  file: string,
): Promise<CommandResult> {
  return runCommand(join(directory, 'node_modules', '.bin', 'agent-conformance'), ['verify', file], {
    cwd: directory,
    env,
  });
}

/** Case id → status, for comparing runs. */
export function caseStatuses(report: ConformanceReport): Record<string, string> {
  return Object.fromEntries(report.cases.map((result) => [result.id, result.status]));
}

/** How many cases of each status the report lists, counted from its cases. */
export function countedStatuses(report: ConformanceReport): Record<string, number> {
  const counted: Record<string, number> = {};
  for (const result of report.cases) counted[result.status] = (counted[result.status] ?? 0) + 1;
  return counted;
}
