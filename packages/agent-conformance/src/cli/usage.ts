/** The CLI's help text. */
export const USAGE = `Usage:
  agent-conformance run --adapter <module> [--json <file>] [--markdown <file>] [--timeout <ms>] [--only <ids>]
  agent-conformance verify <report.json> [--require-pass]
  agent-conformance badge <report.json> [--link <url>]

run     runs every case against the factory the adapter module exports (with capabilities,
        implementation and optional expectedFailures). A TypeScript adapter (.ts) is loaded
        through tsx when tsx is installed (npm install -D tsx). --only takes case or
        requirement ids, comma-separated: the report then judges only what ran.
verify  checks a report: same requirement set as this kit, statuses and verdict consistent.
        With --require-pass it also needs the verdict pass.
badge   prints a Markdown badge line for a README.

Exit codes: run: 0 pass, 1 fail. verify: 0 consistent, 1 inconsistent (or, with
--require-pass, a verdict other than pass). 2: usage, adapter, declaration or report error.`;
