import {
  type ModelCapabilities,
  type ModelCapabilityOverrides,
  type ModelRef,
  mergeModelCapabilities,
  type ResolvedModel,
} from '@aalis/api-llm';

/**
 * The capabilities of a model whose configuration (and whatever its provider knows of it)
 * says nothing: no vision, tool calls, no deep thinking, a 128,000-token context window and
 * 4,096 reply tokens.
 */
export const DEFAULT_MODEL_CAPABILITIES: ModelCapabilities = Object.freeze({
  vision: false,
  toolCalls: true,
  thinking: false,
  contextWindow: 128_000,
  maxOutputTokens: 4_096,
});

/** What the catalog reads from every model configuration: an optional reply limit. */
export interface CatalogModelConfig {
  /** The most tokens one reply may have, when the configuration sets it. */
  readonly maxOutputTokens?: number;
}

/** A configured model with its registered capabilities. */
export interface CatalogEntry<Config extends CatalogModelConfig> {
  readonly config: Config;
  readonly resolved: ResolvedModel;
  /** The reply limit set explicitly by the configuration or an override, if any. */
  readonly configuredMaxTokens: number | undefined;
}

/** The models of one provider, looked up by reference. */
export interface ModelCatalog<Config extends CatalogModelConfig> {
  /** The entry `ref` names (`provider/model` or the bare model id); the default without `ref`. */
  resolve(ref?: ModelRef): CatalogEntry<Config> | undefined;
  /** The entry serving a resolved model, when it is one of this provider's. */
  entryFor(model: ResolvedModel): CatalogEntry<Config> | undefined;
  /** Every model with its registered capabilities, in configuration order. */
  list(): readonly ResolvedModel[];
}

/** Options of {@link createModelCatalog}. */
export interface ModelCatalogOptions<Config extends CatalogModelConfig> {
  /** The provider's name: the first part of every model reference. */
  readonly providerName: string;
  readonly models: readonly Config[];
  /** The model id used when a caller names none; defaults to the first model's. */
  readonly defaultModel?: string;
  /** Per-model overrides keyed by reference or model id; the reference wins ([HK-3]). */
  readonly capabilityOverrides?: ModelCapabilityOverrides;
  /** The model id of a configuration, as it appears in references. */
  readonly nameOf: (config: Config) => string;
  /**
   * What the configuration (and the provider's knowledge of the model) says about its
   * capabilities; what it leaves out is {@link DEFAULT_MODEL_CAPABILITIES}.
   */
  readonly capabilitiesOf: (config: Config) => Partial<ModelCapabilities>;
}

function catalogEntry<Config extends CatalogModelConfig>(
  options: ModelCatalogOptions<Config>,
  config: Config,
): CatalogEntry<Config> {
  const name = options.nameOf(config);
  const ref = `${options.providerName}/${name}`;
  const byName = options.capabilityOverrides?.[name];
  const byRef = options.capabilityOverrides?.[ref];
  const reported = mergeModelCapabilities(DEFAULT_MODEL_CAPABILITIES, options.capabilitiesOf(config));
  const capabilities = mergeModelCapabilities(mergeModelCapabilities(reported, byName), byRef);
  return {
    config,
    resolved: Object.freeze({ ref, provider: options.providerName, model: name, capabilities }),
    configuredMaxTokens: byRef?.maxOutputTokens ?? byName?.maxOutputTokens ?? config.maxOutputTokens,
  };
}

function validateModels<Config extends CatalogModelConfig>(options: ModelCatalogOptions<Config>): void {
  if (!Array.isArray(options.models) || options.models.length === 0) {
    throw new TypeError('models must list at least one model');
  }
  const names = new Set<string>();
  for (const config of options.models) {
    const name = typeof config === 'object' && config !== null ? options.nameOf(config) : undefined;
    if (typeof name !== 'string' || name.length === 0) {
      throw new TypeError('every model needs a non-empty name');
    }
    if (names.has(name)) throw new TypeError(`model "${name}" is listed twice`);
    names.add(name);
  }
  if (options.defaultModel !== undefined && !names.has(options.defaultModel)) {
    throw new TypeError(`defaultModel "${options.defaultModel}" is not one of models`);
  }
}

/**
 * Builds the catalog of a provider's models: capabilities are {@link DEFAULT_MODEL_CAPABILITIES},
 * then what `capabilitiesOf` says, then the override keyed by model id, then the one keyed by
 * reference ([HK-3]). Throws a `TypeError` for an empty or duplicated model list, a model
 * without a name, or an unknown default.
 */
export function createModelCatalog<Config extends CatalogModelConfig>(
  options: ModelCatalogOptions<Config>,
): ModelCatalog<Config> {
  validateModels(options);
  const entries = options.models.map((config) => catalogEntry(options, config));
  const byRef = new Map(entries.map((entry) => [entry.resolved.ref, entry]));
  const byName = new Map(entries.map((entry) => [entry.resolved.model, entry]));
  const defaultName = options.defaultModel ?? entries[0]?.resolved.model;
  return {
    resolve: (ref) => {
      const wanted = ref ?? defaultName;
      if (wanted === undefined) return undefined;
      return byRef.get(wanted) ?? byName.get(wanted);
    },
    entryFor: (model) => (model.provider === options.providerName ? byName.get(model.model) : undefined),
    list: () => entries.map((entry) => entry.resolved),
  };
}
