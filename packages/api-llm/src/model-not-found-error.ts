import { LlmError } from './llm-error';

/** `MODEL_NOT_FOUND`: `chat` was asked for a model this provider does not serve. */
export class ModelNotFoundError extends LlmError {
  /** The stable code of this error. */
  static override readonly code = 'MODEL_NOT_FOUND';
  declare readonly code: 'MODEL_NOT_FOUND';
  readonly model: string;

  constructor(model: string, options?: { readonly cause?: unknown }) {
    super(`no model ${model}`, { ...options, code: ModelNotFoundError.code });
    this.model = model;
  }
}
