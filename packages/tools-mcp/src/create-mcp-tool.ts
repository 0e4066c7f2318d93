import type { JsonSchema, Tool, ToolArguments, ToolCallContext, ToolResult } from '@aalis/api-tools';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { clip } from './clip';

/** The longest description a tool keeps, in characters. */
const maxDescriptionChars = 8_192;

/** Options of {@link createMcpTool}. */
export interface CreateMcpToolOptions {
  /** The namespaced name the model calls the tool by. */
  readonly name: string;
  readonly serverName: string;
  /** The tool as the server listed it. */
  readonly listed: McpTool;
  /** Calls the tool on the server by its MCP name. */
  readonly call: (mcpName: string, args: ToolArguments, context: ToolCallContext) => Promise<ToolResult>;
}

/**
 * A `Tool` of the `tools` service for one MCP tool: its `inputSchema` as `parameters` (an
 * object schema, `properties` added when missing), its description (cut at 8,192 characters;
 * the title or a default when it has none), `execute` calling it on the server.
 */
export function createMcpTool(options: CreateMcpToolOptions): Tool {
  const { listed, serverName } = options;
  const description =
    listed.description ??
    listed.title ??
    `The tool ${clip(listed.name, 200)} of the MCP server ${serverName}.`;
  const mcpName = listed.name;
  return {
    name: options.name,
    description: clip(description, maxDescriptionChars),
    parameters: {
      ...listed.inputSchema,
      type: 'object',
      properties: (listed.inputSchema.properties ?? {}) as JsonSchema['properties'],
    },
    execute: (args, context) => options.call(mcpName, args, context),
  };
}
