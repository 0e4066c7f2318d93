import type { LlmService, ResolvedModel } from '@aalis/api-llm';

/** An `@aalis/api-llm` model service over AI SDK language models. */
export interface AiSdkModelProvider extends LlmService {
  /** The provider's name: the first part of its model references. */
  readonly name: string;
  /** Every configured model with its registered capabilities, in configuration order. */
  listModels(): readonly ResolvedModel[];
}
