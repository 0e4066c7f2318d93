import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CASES } from '../cases/all-cases';
import { ConformanceError } from '../conformance-error';
import { badgeLine } from '../report/badge-line';
import { parseReport } from '../report/parse-report';
import { renderMarkdown } from '../report/render-markdown';
import { verifyReport } from '../report/verify-report';
import type { CaseResult } from '../runner/case-result';
import { runConformance } from '../runner/run-conformance';
import { loadAdapter } from './load-adapter';

/** Where the CLI writes and what it runs in. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
}

const USAGE = `Usage:
  agent-conformance run --adapter <module> [--json <file>] [--markdown <file>] [--timeout <ms>] [--only <ids>]
  agent-conformance verify <report.json>
  agent-conformance badge <report.json> [--link <url>]

run     runs every case against the factory the adapter module exports (with capabilities,
        implementation and optional expectedFailures); --only takes case or requirement ids.
verify  checks a report: same requirement set as this kit, statuses and verdict consistent.
badge   prints a Markdown badge line for a README.
Exit codes: 0 pass, 1 fail, 2 usage or declaration error.`;

const MARKS: Readonly<Record<CaseResult['status'], string>> = {
  passed: '✓',
  failed: '✗',
  timeout: '✗',
  leaked: '✗',
  'stale-waiver': '✗',
  waived: '~',
  'not-applicable': '-',
};

function progressLine(result: CaseResult): string {
  const detail =
    result.status === 'passed' ? `(${result.durationMs} ms)` : `[${result.status}] ${result.message ?? ''}`;
  return `  ${MARKS[result.status]} ${result.title} ${detail}`.trimEnd();
}

async function runCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      adapter: { type: 'string' },
      json: { type: 'string' },
      markdown: { type: 'string' },
      timeout: { type: 'string' },
      only: { type: 'string' },
    },
  });
  if (values.adapter === undefined) throw new UsageError('run needs --adapter <module>');
  const adapter = await loadAdapter(values.adapter, io.cwd);
  const only = values.only?.split(',').map((id) => id.trim().toLowerCase());
  const cases =
    only === undefined
      ? CASES
      : CASES.filter(
          (testCase) =>
            only.includes(testCase.id) || testCase.requirements.some((id) => only.includes(id.toLowerCase())),
        );
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutMs !== undefined && !(timeoutMs > 0))
    throw new UsageError('--timeout takes a positive number of milliseconds');
  const report = await runConformance({
    ...adapter,
    cases,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    onCase: (result) => io.stdout(progressLine(result)),
  });
  if (values.json !== undefined)
    await writeFile(resolve(io.cwd, values.json), `${JSON.stringify(report, null, 2)}\n`);
  if (values.markdown !== undefined)
    await writeFile(resolve(io.cwd, values.markdown), renderMarkdown(report));
  const counts = Object.entries(report.summary.requirements)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  io.stdout(`\nverdict: ${report.verdict} (${counts})`);
  for (const waiver of report.staleWaivers) io.stdout(`stale waiver: ${waiver.id} (${waiver.reason})`);
  io.stdout(badgeLine(report));
  return report.verdict === 'pass' ? 0 : 1;
}

async function readReport(path: string | undefined, io: CliIo) {
  if (path === undefined) throw new UsageError('a report file is required');
  return parseReport(await readFile(resolve(io.cwd, path), 'utf8'));
}

async function verifyCommand(args: readonly string[], io: CliIo): Promise<number> {
  const report = await readReport(args[0], io);
  const verification = verifyReport(report);
  for (const problem of verification.problems) io.stdout(`problem: ${problem}`);
  if (!verification.ok) return 1;
  io.stdout(
    `report consistent: ${report.implementation.name}, verdict ${report.verdict}, digest ${report.contract.digest}`,
  );
  return report.verdict === 'pass' ? 0 : 1;
}

async function badgeCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { link: { type: 'string' } },
  });
  const report = await readReport(positionals[0], io);
  io.stdout(badgeLine(report, values.link === undefined ? {} : { link: values.link }));
  return 0;
}

class UsageError extends Error {}

/**
 * The `agent-conformance` command line: `run`, `verify` and `badge`. Resolves with the exit
 * code: 0 pass, 1 fail, 2 usage, adapter or declaration error (the message goes to stderr).
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'run') return await runCommand(rest, io);
    if (command === 'verify') return await verifyCommand(rest, io);
    if (command === 'badge') return await badgeCommand(rest, io);
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.stdout(USAGE);
      return command === undefined ? 2 : 0;
    }
    throw new UsageError(`unknown command "${command}"`);
  } catch (error) {
    if (error instanceof UsageError || ConformanceError.isInstance(error) || error instanceof TypeError) {
      io.stderr(`agent-conformance: ${error.message}`);
      if (error instanceof UsageError) io.stderr(USAGE);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`agent-conformance: ${message}`);
    return 2;
  }
}
