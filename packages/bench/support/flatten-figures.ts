/**
 * Turns the JSON object of any suite into table rows: every number, by its dotted path, with
 * its noise (a sibling `<name>AcrossRounds` of min/median/max) and its target (the same path
 * under the suite's `targets`), so one table can show every package's figures.
 */

/** One figure of a suite. */
export interface Figure {
  readonly path: string;
  readonly value: number;
  readonly noise?: { readonly min: number; readonly max: number };
  readonly target?: { readonly limit: number; readonly atLeast: boolean; readonly met: boolean };
}

const settingKeys = new Set([
  'node',
  'rounds',
  'iterations',
  'middlewares',
  'sessions',
  'inputsPerSession',
  'turnsPerSession',
  'turns',
  'messages',
  'longSessionLength',
  'historyLimit',
  'turnsTimed',
  'targets',
  'peers',
  'workload',
  'trim10k',
  'characters',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSpread(value: unknown): value is { min: number; median: number; max: number } {
  return isRecord(value) && typeof value.min === 'number' && typeof value.max === 'number';
}

/** Whether a target on `path` is a floor (throughput) rather than a ceiling (time, ratio, bytes). */
export function isFloor(path: string): boolean {
  return /per_?second/i.test(path);
}

function targetOf(targets: Record<string, unknown>, path: string, value: number): Figure['target'] {
  const limit = targets[path];
  if (typeof limit !== 'number') return undefined;
  const atLeast = isFloor(path);
  return { limit, atLeast, met: atLeast ? value >= limit : value <= limit };
}

/** The figures of one suite's JSON object, in the order they appear. */
export function flattenFigures(result: Record<string, unknown>): Figure[] {
  const targets = isRecord(result.targets) ? result.targets : {};
  const figures: Figure[] = [];
  const walk = (value: Record<string, unknown>, prefix: string) => {
    for (const [key, field] of Object.entries(value)) {
      if (settingKeys.has(key) || key.endsWith('AcrossRounds')) continue;
      const path = prefix === '' ? key : `${prefix}.${key}`;
      if (isRecord(field)) walk(field, path);
      if (typeof field !== 'number') continue;
      const noise = value[`${key}AcrossRounds`];
      const target = targetOf(targets, path, field);
      figures.push({
        path,
        value: field,
        ...(isSpread(noise) ? { noise: { min: noise.min, max: noise.max } } : {}),
        ...(target === undefined ? {} : { target }),
      });
    }
  };
  walk(result, '');
  return figures;
}
