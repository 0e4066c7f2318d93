import { defineService } from '@aalis/core';
import type { LlmService } from './llm-service';

/**
 * The `llm` service descriptor (the model service). `llm.use` forwards each call to the
 * provider selected at the moment of the call.
 */
export const llm = defineService<LlmService>({ name: 'llm' });
