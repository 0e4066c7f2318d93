import { createModelTable } from './model-table';
import type { TokenEncodingName } from './token-encoding';

const defaultTable = createModelTable();

/**
 * The encoding to count a model's tokens with, from the default model table: `cl100k_base` for
 * GPT-4 and GPT-3.5, `o200k_base` for everything else (including models it does not know).
 */
export function encodingForModel(model: string): TokenEncodingName {
  return defaultTable.encodingFor(model);
}
