import { parseArgs } from 'node:util';
import { badgeLine } from '../report/badge-line';
import type { CliIo } from './cli-io';
import { readReport } from './read-report';

/** `agent-conformance badge`: prints the report's badge line, linked with `--link`. */
export async function badgeCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { link: { type: 'string' } },
  });
  const report = await readReport(positionals[0], io);
  io.stdout(badgeLine(report, values.link === undefined ? {} : { link: values.link }));
  return 0;
}
