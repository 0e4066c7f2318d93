/** The command-line flags every suite takes. */
export interface SuiteFlags {
  /** Print one JSON object instead of a table. */
  readonly json: boolean;
  /** Measured rounds (after the warm-up round); `undefined` when not given. */
  readonly rounds: number | undefined;
  /** Fewer samples, for a quick look (figures are noisier). */
  readonly quick: boolean;
  /** Only these columns or candidates (`--only a,b`); `undefined`: all. */
  readonly only: readonly string[] | undefined;
}

/** Reads `--json`, `--quick`, `--rounds N` and `--only a,b` from `argv`; a bad `--rounds` is a `TypeError`. */
export function readSuiteFlags(argv: readonly string[] = process.argv.slice(2)): SuiteFlags {
  const at = argv.indexOf('--rounds');
  let rounds: number | undefined;
  if (at !== -1) {
    rounds = Number(argv[at + 1]);
    if (!Number.isInteger(rounds) || rounds < 1) throw new TypeError('--rounds takes a whole number >= 1');
  }
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt === -1 ? undefined : (argv[onlyAt + 1] ?? '').split(',').filter((name) => name !== '');
  return { json: argv.includes('--json'), rounds, quick: argv.includes('--quick'), only };
}

/** The pinned versions of the peers, as this package's package.json names them. */
export async function peerVersions(): Promise<Record<string, string>> {
  const { readFile } = await import('node:fs/promises');
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
  return manifest.devDependencies ?? {};
}
