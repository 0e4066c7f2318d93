import type { ModelCapabilities } from './model-capabilities';

/**
 * The capabilities a model service registers for a model: what the endpoint reported,
 * with every capability the configuration overrides for that model replaced by the
 * override. A model can see images when the endpoint reported vision or the override says
 * `vision: true` ([HK-3]); an explicit `vision: false` override turns it off.
 */
export function mergeModelCapabilities(
  reported: ModelCapabilities,
  override: Partial<ModelCapabilities> | undefined,
): ModelCapabilities {
  if (override === undefined) return reported;
  const defined = Object.entries(override).filter(([, value]) => value !== undefined);
  return { ...reported, ...(Object.fromEntries(defined) as Partial<ModelCapabilities>) };
}
