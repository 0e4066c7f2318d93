import { describe, expect, it } from 'vitest';
import { createModelCatalog, DEFAULT_MODEL_CAPABILITIES, type ModelCatalogOptions } from './index';

interface TestConfig {
  readonly id: string;
  readonly maxOutputTokens?: number;
  readonly vision?: boolean;
}

function catalogOf(models: readonly TestConfig[], extra: Partial<ModelCatalogOptions<TestConfig>> = {}) {
  return createModelCatalog<TestConfig>({
    providerName: 'p',
    models,
    nameOf: (config) => config.id,
    capabilitiesOf: (config) => ({ vision: config.vision, maxOutputTokens: config.maxOutputTokens }),
    ...extra,
  });
}

describe('createModelCatalog', () => {
  it('resolves by reference or bare id, and the default (first, or defaultModel) without one', () => {
    const catalog = catalogOf([{ id: 'a' }, { id: 'b' }]);
    expect(catalog.resolve('p/b')?.resolved.model).toBe('b');
    expect(catalog.resolve('a')?.resolved.ref).toBe('p/a');
    expect(catalog.resolve()?.resolved.model).toBe('a');
    expect(catalog.resolve('p/c')).toBeUndefined();
    expect(catalogOf([{ id: 'a' }, { id: 'b' }], { defaultModel: 'b' }).resolve()?.resolved.model).toBe('b');
  });

  it('[HK-3] fills defaults, then the configuration, then the id override, then the reference override', () => {
    const catalog = catalogOf([{ id: 'a', vision: false, maxOutputTokens: 100 }], {
      capabilityOverrides: { a: { vision: true, contextWindow: 10 }, 'p/a': { contextWindow: 20 } },
    });
    const entry = catalog.resolve('a');
    expect(entry?.resolved.capabilities).toEqual({
      ...DEFAULT_MODEL_CAPABILITIES,
      vision: true,
      contextWindow: 20,
      maxOutputTokens: 100,
    });
    expect(entry?.configuredMaxTokens).toBe(100);
    expect(catalogOf([{ id: 'a' }]).resolve('a')?.configuredMaxTokens).toBeUndefined();
  });

  it('finds the entry of a resolved model of its own provider only', () => {
    const catalog = catalogOf([{ id: 'a' }]);
    const resolved = catalog.list()[0];
    if (resolved === undefined) throw new Error('no model');
    expect(catalog.entryFor(resolved)?.config).toEqual({ id: 'a' });
    expect(catalog.entryFor({ ...resolved, provider: 'other' })).toBeUndefined();
  });

  it('throws a TypeError for an empty or duplicated list, a missing name or an unknown default', () => {
    expect(() => catalogOf([])).toThrow(new TypeError('models must list at least one model'));
    expect(() => catalogOf([{ id: 'a' }, { id: 'a' }])).toThrow(new TypeError('model "a" is listed twice'));
    expect(() => catalogOf([{ id: '' }])).toThrow(new TypeError('every model needs a non-empty name'));
    expect(() => catalogOf([{ id: 'a' }], { defaultModel: 'b' })).toThrow(TypeError);
  });
});
