import type { FlatToolDefinition, ToolDefinitionLike } from './tool-definition';

/** The flat `{ name, description, parameters }` view of either tool definition shape. */
export function flatToolDefinition(tool: ToolDefinitionLike): FlatToolDefinition {
  return 'function' in tool && typeof tool.function === 'object' && tool.function !== null
    ? tool.function
    : (tool as FlatToolDefinition);
}
