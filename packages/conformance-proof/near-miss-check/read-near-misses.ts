import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of plugin-agent's near misses, one unified diff each. */
export const NEAR_MISS_FOLDER = fileURLToPath(new URL('../near-misses/', import.meta.url));

/** The suite a near miss is run against unless its header names another. */
export const DEFAULT_SUITE = 'packages/conformance-proof/test/plugin-agent.conformance.test.ts';

/**
 * A near miss of plugin-agent: an edit of its sources, across the packages it is composed of,
 * that breaks one rule of the contract the way a careful implementer might. Written from the
 * contract text and the sources alone, without reading the kit's cases.
 */
export interface PluginAgentNearMiss {
  /** The file name without `.diff`. */
  readonly name: string;
  /** The requirements it breaks: the suite must fail a test titled with each. */
  readonly breaks: readonly string[];
  /** What it does differently, in one line. */
  readonly what: string;
  /** The round of near misses it was written in. */
  readonly round: number;
  /** The test file or folder that must catch it, relative to the repository root. */
  readonly suite: string;
  /** The diff's path. */
  readonly file: string;
}

/** Thrown for a diff whose header lacks a field or holds a malformed one. */
export class NearMissHeaderError extends Error {
  override readonly name = 'NearMissHeaderError';
}

/**
 * Reads the header of a near miss's diff: `Field: value` lines before the first `--- ` line
 * (`Breaks`, `What`, `Round`, and optionally `Suite`), which `git apply` skips.
 */
export function parseNearMiss(name: string, text: string, file = name): PluginAgentNearMiss {
  const headerEnd = text.indexOf('\n--- ');
  if (headerEnd < 0) throw new NearMissHeaderError(`${name}: no diff after the header`);
  const fields = new Map<string, string>();
  for (const line of text.slice(0, headerEnd).split('\n')) {
    const match = /^(\w+): (.+)$/.exec(line);
    if (match !== null) fields.set(match[1] ?? '', match[2] ?? '');
  }
  const field = (key: string): string => {
    const value = fields.get(key);
    if (value === undefined) throw new NearMissHeaderError(`${name}: the header has no ${key}`);
    return value;
  };
  const round = Number(field('Round'));
  if (!Number.isInteger(round) || round < 1)
    throw new NearMissHeaderError(`${name}: Round is not a round number`);
  return {
    name,
    breaks: field('Breaks').split(' '),
    what: field('What'),
    round,
    suite: fields.get('Suite') ?? DEFAULT_SUITE,
    file,
  };
}

/** Every near miss of the folder, in file-name order. */
export function readNearMisses(folder = NEAR_MISS_FOLDER): PluginAgentNearMiss[] {
  return readdirSync(folder)
    .filter((entry) => entry.endsWith('.diff'))
    .sort()
    .map((entry) => {
      const file = join(folder, entry);
      return parseNearMiss(entry.slice(0, -'.diff'.length), readFileSync(file, 'utf8'), file);
    });
}
