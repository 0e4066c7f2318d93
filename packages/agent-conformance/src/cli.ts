#!/usr/bin/env node
import { runCli } from './cli/run-cli';

/** The `agent-conformance` executable. */
const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
});
process.exitCode = code;
