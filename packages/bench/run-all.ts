/**
 * `npm run bench` of the workspace: runs the `bench` script of every package that has one
 * (each with `--json`, as a child process, one after the other) and the suites of this
 * package (hooks, per-turn, scale), prints one table of every figure with its noise and
 * target, and writes the collected object to `results/latest.json`. With `--json` it prints
 * that object instead of the table; with `--quick` this package's suites take fewer samples.
 * Progress goes to stderr. Exits with 1 when a suite failed to run (never for a missed
 * target: benchmarks report, they do not judge).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Figure, flattenFigures } from './support/flatten-figures';
import { printTable } from './support/print-table';
import { runSuiteProcess, type SuiteOutcome } from './support/run-suite-process';

const here = dirname(fileURLToPath(import.meta.url));
const packagesDirectory = join(here, '..');
const json = process.argv.includes('--json');
const quick = process.argv.includes('--quick');

interface SuiteSpec {
  readonly name: string;
  readonly cwd: string;
  readonly script: string;
  readonly flags: readonly string[];
}

/** Every other workspace package with a `bench` script, by directory name. */
async function packageSuites(): Promise<SuiteSpec[]> {
  const suites: SuiteSpec[] = [];
  for (const entry of (await readdir(packagesDirectory, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (!entry.isDirectory() || join(packagesDirectory, entry.name) === here) continue;
    const cwd = join(packagesDirectory, entry.name);
    try {
      const manifest = JSON.parse(await readFile(join(cwd, 'package.json'), 'utf8')) as {
        scripts?: Record<string, string>;
      };
      if (manifest.scripts?.bench !== undefined)
        suites.push({ name: entry.name, cwd, script: 'bench', flags: [] });
    } catch {
      // A directory without a readable package.json is not a package.
    }
  }
  return suites;
}

const ownSuites: readonly SuiteSpec[] = [
  { name: 'hooks', cwd: here, script: 'bench:hooks', flags: quick ? ['--quick'] : [] },
  { name: 'per-turn', cwd: here, script: 'bench:turn', flags: quick ? ['--quick'] : [] },
  { name: 'scale', cwd: here, script: 'bench:scale', flags: quick ? ['--quick'] : [] },
  { name: 'stall', cwd: here, script: 'bench:stall', flags: quick ? ['--quick'] : [] },
];

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const magnitude = Math.abs(value);
  return value.toFixed(magnitude >= 100 ? 1 : magnitude >= 1 ? 3 : 4);
}

function row(suite: string, figure: Figure): string[] {
  const noise =
    figure.noise === undefined ? '' : `${formatNumber(figure.noise.min)}–${formatNumber(figure.noise.max)}`;
  const target =
    figure.target === undefined ? '' : `${figure.target.atLeast ? '≥' : '≤'} ${figure.target.limit}`;
  const status = figure.target === undefined ? '' : figure.target.met ? 'met' : 'MISSED';
  return [suite, figure.path, formatNumber(figure.value), noise, target, status];
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = os.loadavg();
  const suites = [...(await packageSuites()), ...ownSuites];
  const outcomes: Record<string, SuiteOutcome> = {};
  for (const suite of suites) {
    process.stderr.write(`bench: ${suite.name} …`);
    const outcome = await runSuiteProcess({ ...suite, timeoutMs: 240_000 });
    outcomes[suite.name] = outcome;
    process.stderr.write(
      ` ${(outcome.milliseconds / 1000).toFixed(1)} s${outcome.ok ? '' : ` FAILED: ${outcome.error}`}\n`,
    );
  }
  const figures = Object.entries(outcomes).flatMap(([name, outcome]) =>
    outcome.ok ? flattenFigures(outcome.result).map((figure) => ({ suite: name, figure })) : [],
  );
  const result = {
    generatedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      loadAverageAtStart: loadBefore.map((value) => Number(value.toFixed(2))),
      loadAverageAtEnd: os.loadavg().map((value) => Number(value.toFixed(2))),
    },
    totalSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    targets: figures
      .filter(({ figure }) => figure.target !== undefined)
      .map(({ suite, figure }) => ({ suite, figure: figure.path, value: figure.value, ...figure.target })),
    suites: Object.fromEntries(
      Object.entries(outcomes).map(([name, outcome]) => [
        name,
        outcome.ok
          ? { seconds: Number((outcome.milliseconds / 1000).toFixed(1)), result: outcome.result }
          : { seconds: Number((outcome.milliseconds / 1000).toFixed(1)), error: outcome.error },
      ]),
    ),
  };
  await mkdir(join(here, 'results'), { recursive: true });
  await writeFile(join(here, 'results', 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    printTable(
      ['suite', 'figure', 'value', 'noise (min–max)', 'target', ''],
      figures.map(({ suite, figure }) => row(suite, figure)),
      2,
    );
    console.log(
      `\n${suites.length} suites in ${result.totalSeconds} s on ${result.machine.cpus} × ${result.machine.cpuModel}, load ${loadBefore.map((value) => value.toFixed(1)).join(' ')}; written to results/latest.json`,
    );
  }
  if (Object.values(outcomes).some((outcome) => !outcome.ok)) process.exitCode = 1;
}

await main();
