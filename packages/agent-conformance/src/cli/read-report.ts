import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ConformanceReport } from '../report/conformance-report';
import { parseReport } from '../report/parse-report';
import type { CliIo } from './cli-io';
import { UsageError } from './usage-error';

/** Reads and parses the report file a command names. */
export async function readReport(path: string | undefined, io: CliIo): Promise<ConformanceReport> {
  if (path === undefined) throw new UsageError('a report file is required');
  return parseReport(await readFile(resolve(io.cwd, path), 'utf8'));
}
