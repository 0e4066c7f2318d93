import type { ModelCapabilities } from './model-capabilities';
import type { ModelRef } from './model-ref';

/** A model the model service can call, with its registered capabilities. */
export interface ResolvedModel {
  /** The reference it was resolved from (after alias and default resolution). */
  readonly ref: ModelRef;
  /** The provider that serves it (e.g. `openai`). */
  readonly provider: string;
  /** The model id sent to the endpoint (e.g. `gpt-4o-mini`). */
  readonly model: string;
  readonly capabilities: ModelCapabilities;
}
