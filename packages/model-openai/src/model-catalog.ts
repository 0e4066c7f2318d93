import {
  type ModelCapabilities,
  type ModelCapabilityOverrides,
  type ModelRef,
  mergeModelCapabilities,
  type ResolvedModel,
} from '@aalis/api-llm';
import type { OpenAIModelConfig } from './openai-model-config';
import { isReasoningModelName } from './reasoning-model-name';

/** The context window of a model whose configuration names none. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;
/** The reply limit of a model whose configuration names none. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4_096;

/** A configured model with its registered capabilities. */
export interface CatalogEntry {
  readonly config: OpenAIModelConfig;
  readonly resolved: ResolvedModel;
  /** The reply limit set explicitly by the configuration or an override, if any. */
  readonly configuredMaxTokens: number | undefined;
}

/** The models of one provider, looked up by reference. */
export interface ModelCatalog {
  /** The entry `ref` names (`provider/model` or the bare model id); the default without `ref`. */
  resolve(ref?: ModelRef): CatalogEntry | undefined;
  /** The entry serving a resolved model, when it is one of this provider's. */
  entryFor(model: ResolvedModel): CatalogEntry | undefined;
  list(): readonly ResolvedModel[];
}

/** Options of {@link createModelCatalog}. */
export interface ModelCatalogOptions {
  readonly providerName: string;
  readonly models: readonly OpenAIModelConfig[];
  readonly defaultModel?: string;
  readonly capabilityOverrides?: ModelCapabilityOverrides;
}

function reportedCapabilities(config: OpenAIModelConfig): ModelCapabilities {
  return {
    vision: config.vision ?? false,
    toolCalls: config.toolCalls ?? true,
    thinking:
      config.thinking ?? (config.thinkingParameters !== undefined || isReasoningModelName(config.name)),
    contextWindow: config.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
    maxOutputTokens: config.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
  };
}

function catalogEntry(options: ModelCatalogOptions, config: OpenAIModelConfig): CatalogEntry {
  const ref = `${options.providerName}/${config.name}`;
  const byName = options.capabilityOverrides?.[config.name];
  const byRef = options.capabilityOverrides?.[ref];
  const capabilities = mergeModelCapabilities(
    mergeModelCapabilities(reportedCapabilities(config), byName),
    byRef,
  );
  return {
    config,
    resolved: Object.freeze({ ref, provider: options.providerName, model: config.name, capabilities }),
    configuredMaxTokens: byRef?.maxOutputTokens ?? byName?.maxOutputTokens ?? config.maxOutputTokens,
  };
}

function validateModels(options: ModelCatalogOptions): void {
  if (!Array.isArray(options.models) || options.models.length === 0) {
    throw new TypeError('models must list at least one model');
  }
  const names = new Set<string>();
  for (const config of options.models) {
    if (typeof config?.name !== 'string' || config.name.length === 0) {
      throw new TypeError('every model needs a non-empty name');
    }
    if (names.has(config.name)) throw new TypeError(`model "${config.name}" is listed twice`);
    names.add(config.name);
  }
  if (options.defaultModel !== undefined && !names.has(options.defaultModel)) {
    throw new TypeError(`defaultModel "${options.defaultModel}" is not one of models`);
  }
}

/**
 * Builds the catalog: capabilities are the configuration's (with defaults), then the override
 * keyed by model id, then the one keyed by reference ([HK-3]). Throws a `TypeError` for an
 * empty or duplicated model list or an unknown default.
 */
export function createModelCatalog(options: ModelCatalogOptions): ModelCatalog {
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
