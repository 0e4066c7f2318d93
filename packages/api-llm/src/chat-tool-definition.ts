/**
 * A tool offered to the model: name, description and a JSON schema of its arguments. The
 * `ToolDefinition` of `@aalis/api-tools` is assignable to it.
 */
export interface ChatToolDefinition {
  readonly name: string;
  readonly description: string;
  /** JSON schema (an object schema) of the arguments. */
  readonly parameters: { readonly [keyword: string]: unknown };
}
