/** A JSON Schema object as tool parameters carry it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** A tool definition in the flat shape (`{ name, description, parameters }`). */
export interface FlatToolDefinition {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: JsonSchema;
}

/** A tool definition in the OpenAI Chat Completions wire shape. */
export interface OpenAIToolDefinition {
  readonly type: 'function';
  readonly function: FlatToolDefinition;
}

/** A tool definition this package can count: either shape. */
export type ToolDefinitionLike = FlatToolDefinition | OpenAIToolDefinition;
