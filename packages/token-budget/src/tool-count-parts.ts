import { flatToolDefinition } from './flat-tool-definition';
import type { TokenEncodingName } from './token-encoding';
import type { JsonSchema, ToolDefinitionLike } from './tool-definition';

/**
 * The constants of `num_tokens_for_tools` in OpenAI's cookbook "How to count tokens with
 * tiktoken" (section 7), which reproduces the API's prompt tokens for requests with tools.
 */
export interface ToolCountFigures {
  /** Per function (`func_init`). */
  readonly functionStart: number;
  /** Per function with at least one parameter (`prop_init`). */
  readonly propertiesStart: number;
  /** Per parameter (`prop_key`). */
  readonly property: number;
  /** Per parameter with an `enum` (`enum_init`, negative). */
  readonly enumStart: number;
  /** Per `enum` value, besides the value's own tokens (`enum_item`). */
  readonly enumItem: number;
  /** Once per non-empty tool list (`func_end`). */
  readonly listEnd: number;
}

/** The cookbook's figures: GPT-4o and later (o200k_base), GPT-4 and GPT-3.5 (cl100k_base). */
export const COOKBOOK_TOOL_FIGURES: Readonly<Record<TokenEncodingName, ToolCountFigures>> = Object.freeze({
  o200k_base: Object.freeze({
    functionStart: 7,
    propertiesStart: 3,
    property: 3,
    enumStart: -3,
    enumItem: 3,
    listEnd: 12,
  }),
  cl100k_base: Object.freeze({
    functionStart: 10,
    propertiesStart: 3,
    property: 3,
    enumStart: -3,
    enumItem: 3,
    listEnd: 12,
  }),
});

/** What a tool definition is counted from: the texts to tokenize and the tokens besides them. */
export interface ToolCountParts {
  readonly texts: readonly string[];
  readonly fixedTokens: number;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Python's `s[:-1] if s.endswith(".") else s` on a field that may be missing. */
function withoutFinalPeriod(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

/** A property's `type` as the cookbook writes it; a list or a missing type is our convention. */
function typeText(type: unknown): string {
  if (typeof type === 'string') return type;
  return type === undefined ? '' : (JSON.stringify(type) ?? '');
}

function addProperty(name: string, schema: JsonSchema, figures: ToolCountFigures, texts: string[]): number {
  let fixedTokens = figures.property;
  if (Array.isArray(schema.enum)) {
    fixedTokens += figures.enumStart;
    for (const item of schema.enum) {
      fixedTokens += figures.enumItem;
      texts.push(typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
  }
  texts.push(`${name}:${typeText(schema.type)}:${withoutFinalPeriod(schema.description)}`);
  return fixedTokens;
}

/**
 * The parts of one tool definition's count by the cookbook's `num_tokens_for_tools`:
 * `functionStart` + `"name:description"` (a final period dropped), and when it has parameters
 * `propertiesStart` + per top-level property `property` + `"name:type:description"`, and per
 * `enum` value `enumItem` + the value (`enumStart` once per enum). Nested properties are not
 * counted, as in the cookbook. The list's `listEnd` is not included.
 */
export function toolCountParts(tool: ToolDefinitionLike, figures: ToolCountFigures): ToolCountParts {
  const { name, description, parameters } = flatToolDefinition(tool);
  const texts = [`${name}:${withoutFinalPeriod(description)}`];
  let fixedTokens = figures.functionStart;
  const properties = isSchema(parameters) && isSchema(parameters.properties) ? parameters.properties : {};
  const entries = Object.entries(properties);
  if (entries.length > 0) fixedTokens += figures.propertiesStart;
  for (const [propertyName, schema] of entries) {
    fixedTokens += addProperty(propertyName, isSchema(schema) ? schema : {}, figures, texts);
  }
  return { texts, fixedTokens };
}
