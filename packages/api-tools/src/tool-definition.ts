import type { JsonSchema } from './json-schema';

/**
 * What the model is told about a tool. Assignable to `ChatToolDefinition` of
 * `@aalis/api-llm`.
 */
export interface ToolDefinition {
  /** Unique among the tools offered in one call; what the model calls it by. */
  readonly name: string;
  readonly description: string;
  /** JSON schema of the arguments object; the agent validates arguments against it. */
  readonly parameters: JsonSchema;
}
