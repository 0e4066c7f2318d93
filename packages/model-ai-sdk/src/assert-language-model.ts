import type { AiSdkLanguageModel } from './ai-sdk-language-model';

const supportedVersions: readonly unknown[] = ['v3', 'v4'];

/**
 * Checks that `value` is an AI SDK language model this package can call: an object with
 * `specificationVersion` `v3` or `v4`, string `provider` and `modelId`, and a `doStream`
 * method. Throws a `TypeError` naming `where` otherwise (e.g. for a `v2` model of an older
 * provider package).
 */
export function assertLanguageModel(value: unknown, where: string): asserts value is AiSdkLanguageModel {
  if (typeof value !== 'object' || value === null) {
    throw new TypeError(`${where} must be an AI SDK language model object`);
  }
  const model = value as Partial<
    Record<'specificationVersion' | 'provider' | 'modelId' | 'doStream', unknown>
  >;
  if (!supportedVersions.includes(model.specificationVersion)) {
    throw new TypeError(
      `${where} implements AI SDK language model specification ${String(model.specificationVersion)}; ` +
        'this provider takes v3 or v4 (update the @ai-sdk provider package)',
    );
  }
  if (
    typeof model.provider !== 'string' ||
    typeof model.modelId !== 'string' ||
    typeof model.doStream !== 'function'
  ) {
    throw new TypeError(`${where} lacks the provider, modelId or doStream of an AI SDK language model`);
  }
}
