import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { badgeLine } from '../report/badge-line';
import { renderMarkdown } from '../report/render-markdown';
import { runConformance } from '../runner/run-conformance';
import { staleWaiverAdvice } from '../runner/stale-waiver-advice';
import type { CliIo } from './cli-io';
import { loadAdapter } from './load-adapter';
import { progressLine } from './progress-line';
import { UsageError } from './usage-error';
import { verdictLine } from './verdict-line';

function parseRun(args: readonly string[]) {
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
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutMs !== undefined && !(timeoutMs > 0))
    throw new UsageError('--timeout takes a positive number of milliseconds');
  const only = values.only
    ?.split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  if (only !== undefined && only.length === 0)
    throw new UsageError('--only takes case or requirement ids, comma-separated');
  return { ...values, adapter: values.adapter, timeoutMs, only };
}

/** `agent-conformance run`: runs the kit against the adapter's factory, writes the reports, exits 0 on pass. */
export async function runCommand(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseRun(args);
  const adapter = await loadAdapter(options.adapter, io.cwd);
  const report = await runConformance({
    ...adapter,
    ...(options.only === undefined ? {} : { only: options.only }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    onCase: (result) => io.stdout(progressLine(result)),
  });
  if (options.json !== undefined)
    await writeFile(resolve(io.cwd, options.json), `${JSON.stringify(report, null, 2)}\n`);
  if (options.markdown !== undefined)
    await writeFile(resolve(io.cwd, options.markdown), renderMarkdown(report));
  io.stdout(`\n${verdictLine(report)}`);
  for (const waiver of report.staleWaivers) io.stdout(staleWaiverAdvice(waiver));
  io.stdout(badgeLine(report));
  return report.verdict === 'pass' ? 0 : 1;
}
