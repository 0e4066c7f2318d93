import { tools } from '@aalis/api-tools';
import { definePlugin, lifecycle, type PluginContext } from '@aalis/core';
import { createMcpToolSource } from './create-mcp-tool-source';
import type { McpToolSourceOptions } from './mcp-tool-source';
import { registerMcpTools } from './register-mcp-tools';

/** The configuration of {@link mcpToolsPlugin}: the servers, and optionally the source's other options. */
export type McpToolsPluginConfig = Omit<McpToolSourceOptions, 'onChange'>;

/**
 * A plugin that offers the tools of MCP servers through the `tools` service. On activation it
 * connects every server (a failing one does not hold up the others) and registers each tool
 * with `tools.use.registerTool`, owned by the plugin; it follows list changes (registers new
 * and redefined tools, withdraws removed ones); it closes the servers — ending stdio server
 * processes — when the app drains or the activation ends. Activation resolves once every
 * server is connected or failed. Invalid configuration leaves the instance `failed` (a `TypeError`).
 */
export const mcpToolsPlugin = definePlugin({
  name: '@aalis/tools-mcp',
  uses: { tools, lifecycle },
  async apply(handles, context: PluginContext<McpToolsPluginConfig>) {
    const source = createMcpToolSource(context.config);
    context.onDispose(() => source.close());
    handles.lifecycle.use.onDrain(() => source.close());
    registerMcpTools(source, (tool) => handles.tools.use.registerTool(tool));
    await source.start();
  },
});
