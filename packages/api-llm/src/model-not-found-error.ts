import { LlmError } from './llm-error';

/** `MODEL_NOT_FOUND`: `chat` was asked for a model this provider does not serve. */
export class ModelNotFoundError extends LlmError {
  declare readonly code: 'MODEL_NOT_FOUND';
  readonly model: string;

  constructor(model: string, options?: { readonly cause?: unknown }) {
    super('MODEL_NOT_FOUND', `no model ${model}`, options);
    this.name = 'ModelNotFoundError';
    this.model = model;
  }

  /** Whether `value` is a `ModelNotFoundError`, from any installed copy. */
  static override isInstance(value: unknown): value is ModelNotFoundError {
    return LlmError.isInstance(value) && value.code === 'MODEL_NOT_FOUND';
  }
}
