import { parseArgs } from 'node:util';
import { verifyReport } from '../report/verify-report';
import type { CliIo } from './cli-io';
import { readReport } from './read-report';
import { verdictLine } from './verdict-line';

/**
 * `agent-conformance verify`: exits 0 for a consistent report whatever its verdict, 1 for an
 * inconsistent one; with `--require-pass` also 1 unless the verdict is pass.
 */
export async function verifyCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { 'require-pass': { type: 'boolean' } },
  });
  const report = await readReport(positionals[0], io);
  const verification = verifyReport(report);
  for (const problem of verification.problems) io.stdout(`problem: ${problem}`);
  if (!verification.ok) return 1;
  io.stdout(`report consistent: ${report.implementation.name}, digest ${report.contract.digest}`);
  io.stdout(verdictLine(report));
  if (values['require-pass'] !== true || report.verdict === 'pass') return 0;
  io.stdout('--require-pass: the verdict is not pass');
  return 1;
}
