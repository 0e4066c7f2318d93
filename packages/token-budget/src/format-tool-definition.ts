import type { FlatToolDefinition, JsonSchema, ToolDefinitionLike } from './tool-definition';

/** The flat `{ name, description, parameters }` view of either tool definition shape. */
export function flatToolDefinition(tool: ToolDefinitionLike): FlatToolDefinition {
  return 'function' in tool && typeof tool.function === 'object' && tool.function !== null
    ? tool.function
    : (tool as FlatToolDefinition);
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function literalUnion(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value) ?? 'null').join(' | ');
}

function schemaUnion(members: readonly unknown[], indent: number): string {
  return members.map((member) => formatType(isSchema(member) ? member : {}, indent)).join(' | ');
}

function objectBody(schema: JsonSchema, indent: number): string {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const propertySchema = isSchema(property) ? property : {};
    if (typeof propertySchema.description === 'string' && indent < 2) {
      lines.push(`${pad}// ${propertySchema.description}`);
    }
    lines.push(`${pad}${name}${required.has(name) ? '' : '?'}: ${formatType(propertySchema, indent)},`);
  }
  return lines.join('\n');
}

function formatType(schema: JsonSchema, indent: number): string {
  if (Array.isArray(schema.enum)) return literalUnion(schema.enum);
  if ('const' in schema) return literalUnion([schema.const]);
  if (Array.isArray(schema.anyOf)) return schemaUnion(schema.anyOf, indent);
  if (Array.isArray(schema.oneOf)) return schemaUnion(schema.oneOf, indent);
  if (Array.isArray(schema.type)) {
    return schema.type.map((type) => formatType({ ...schema, type }, indent)).join(' | ');
  }
  switch (schema.type) {
    case 'string':
    case 'boolean':
    case 'null':
      return schema.type;
    case 'integer':
    case 'number':
      return 'number';
    case 'array':
      return isSchema(schema.items) ? `${formatType(schema.items, indent)}[]` : 'any[]';
    case 'object':
      return `{\n${objectBody(schema, indent + 2)}\n${' '.repeat(indent)}}`;
    default:
      return 'any';
  }
}

/**
 * One tool rendered the way OpenAI is understood to render function definitions into the
 * prompt (a TypeScript-like `namespace functions` block, as reconstructed by the
 * openai-chat-tokens project and gpt-tokenizer), without the namespace header and footer.
 */
export function formatToolDefinition(tool: ToolDefinitionLike): string {
  const { name, description, parameters } = flatToolDefinition(tool);
  const lines: string[] = [];
  if (typeof description === 'string' && description.length > 0) lines.push(`// ${description}`);
  const properties = isSchema(parameters) && isSchema(parameters.properties) ? parameters.properties : {};
  if (parameters === undefined || Object.keys(properties).length === 0) {
    lines.push(`type ${name} = () => any;`);
  } else {
    lines.push(`type ${name} = (_: {`, objectBody(parameters, 0), '}) => any;');
  }
  return `${lines.join('\n')}\n\n`;
}

/** The namespace header and footer around the rendered tools. */
export const TOOL_NAMESPACE_HEADER = 'namespace functions {\n\n';
export const TOOL_NAMESPACE_FOOTER = '} // namespace functions';
