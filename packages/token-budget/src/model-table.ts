import { DEFAULT_MODEL_LIMITS, type ModelLimits } from './default-model-limits';
import { DEFAULT_ENCODING, encodingPrimitivesFor, type TokenEncodingName } from './token-encoding';

/** A caller's entry for a model: the window and reply size, and optionally the encoding. */
export interface ModelTableEntry {
  readonly contextWindow: number;
  readonly maxOutput: number;
  readonly encoding?: TokenEncodingName;
}

/** Options of `createModelTable`. */
export interface ModelTableOptions {
  /** Entries keyed by model-name prefix; they win over the defaults for the names they match. */
  readonly entries?: Readonly<Record<string, ModelTableEntry>>;
  /** Start from an empty table instead of `DEFAULT_MODEL_LIMITS`. */
  readonly withoutDefaults?: boolean;
}

/** Looks up model limits by name. */
export interface ModelTable {
  /** The limits of `model`, or `undefined` when no key of the table is a prefix of its name. */
  lookup(model: string): ModelLimits | undefined;
  /** The encoding to count `model` with: its table entry's, else `o200k_base`. */
  encodingFor(model: string): TokenEncodingName;
}

/** The part of a model name the table matches on: lower case, without a `vendor/` path. */
function normalizeModelName(model: string): string {
  const lower = model.trim().toLowerCase();
  return lower.slice(lower.lastIndexOf('/') + 1);
}

function validatedEntry(key: string, entry: ModelTableEntry): ModelLimits {
  const { contextWindow, maxOutput } = entry;
  if (!Number.isSafeInteger(contextWindow) || contextWindow <= 0) {
    throw new TypeError(`Model table entry "${key}": contextWindow must be a positive integer`);
  }
  if (!Number.isSafeInteger(maxOutput) || maxOutput <= 0) {
    throw new TypeError(`Model table entry "${key}": maxOutput must be a positive integer`);
  }
  const encoding = entry.encoding ?? DEFAULT_ENCODING;
  // Throws UnknownEncodingError for an encoding this package does not ship; loads nothing.
  encodingPrimitivesFor(encoding);
  return Object.freeze({ contextWindow, maxOutput, encoding });
}

/**
 * A model table: the defaults (unless `withoutDefaults`) overlaid with the caller's entries.
 * A model name matches the longest key it starts with, compared in lower case after dropping
 * any `vendor/` path; caller entries are matched before the defaults. Lookups are remembered.
 */
export function createModelTable(options: ModelTableOptions = {}): ModelTable {
  const byPrefix = (table: Readonly<Record<string, ModelTableEntry>>) =>
    Object.entries(table)
      .map(([key, entry]) => [key.toLowerCase(), validatedEntry(key, entry)] as const)
      .sort(([left], [right]) => right.length - left.length);
  const layers = [byPrefix(options.entries ?? {})];
  if (options.withoutDefaults !== true) layers.push(byPrefix(DEFAULT_MODEL_LIMITS));
  const remembered = new Map<string, ModelLimits | undefined>();

  function lookup(model: string): ModelLimits | undefined {
    if (remembered.has(model)) return remembered.get(model);
    const name = normalizeModelName(model);
    let found: ModelLimits | undefined;
    for (const layer of layers) {
      found = layer.find(([prefix]) => name.startsWith(prefix))?.[1];
      if (found !== undefined) break;
    }
    if (remembered.size >= 1_024) remembered.clear();
    remembered.set(model, found);
    return found;
  }

  return {
    lookup,
    encodingFor: (model) => lookup(model)?.encoding ?? DEFAULT_ENCODING,
  };
}
