/**
 * What loading costs, measured in fresh Node processes (one per round, `--expose-gc`): the time
 * of the `import()` itself, the heap it leaves after a garbage collection, and the time of the
 * first count (which loads the encoding's rank table on first use). The package is measured from
 * its built entry (`dist/index.js`, so `npm run build` first) as a consumer loads it; the baseline
 * is gpt-tokenizer's own `gpt-tokenizer/encoding/o200k_base`, imported the way its README shows.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Spread, spreadOf } from './long-runs';

/** One module's loading cost over several fresh processes. */
export interface ImportCost {
  readonly importMs: Spread;
  readonly heapMB: Spread;
  readonly firstCountMs: Spread;
}

interface Round {
  readonly importMs: number;
  readonly heapMB: number;
  readonly firstCountMs: number;
}

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const builtEntry = fileURLToPath(new URL('../dist/index.js', import.meta.url));

function childScript(specifier: string, firstCount: string): string {
  return `
globalThis.gc();
const heapBefore = process.memoryUsage().heapUsed;
const importStart = performance.now();
const loaded = await import(${JSON.stringify(specifier)});
const importMs = performance.now() - importStart;
globalThis.gc();
const heapMB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
const countStart = performance.now();
${firstCount};
const firstCountMs = performance.now() - countStart;
process.stdout.write(JSON.stringify({ importMs, heapMB, firstCountMs }));`;
}

function measureRound(specifier: string, firstCount: string): Round {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--input-type=module', '--eval', childScript(specifier, firstCount)],
    { cwd: packageDirectory, encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`import-cost child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Round;
}

function measure(specifier: string, firstCount: string, rounds: number): ImportCost {
  const measured = Array.from({ length: rounds }, () => measureRound(specifier, firstCount));
  return {
    importMs: spreadOf(
      measured.map((round) => round.importMs),
      1,
    ),
    heapMB: spreadOf(
      measured.map((round) => round.heapMB),
      1,
    ),
    firstCountMs: spreadOf(
      measured.map((round) => round.firstCountMs),
      1,
    ),
  };
}

/**
 * The loading cost of the built package and of gpt-tokenizer's o200k_base module, `rounds`
 * fresh processes each; `undefined` for the package when it was not built.
 */
export function measureImportCost(rounds: number): { ours?: ImportCost; gptTokenizer: ImportCost } {
  const gptTokenizer = measure(
    'gpt-tokenizer/encoding/o200k_base',
    "loaded.countTokens('Hello, world')",
    rounds,
  );
  if (!existsSync(builtEntry)) return { gptTokenizer };
  const ours = measure(
    pathToFileURL(builtEntry).href,
    "loaded.createTokenCounter().countText('Hello, world')",
    rounds,
  );
  return { ours, gptTokenizer };
}
