import { defineService } from '@aalis/core';
import { toolRegistrar } from './tool-registrar';
import type { BoundTools, ToolsService } from './tools-service';

/**
 * The `tools` service descriptor. Calls on `tools.use` go to the provider selected at the
 * moment of the call; `registerTool` goes through `toolRegistrar`.
 */
export const tools = defineService<ToolsService, BoundTools>({
  name: 'tools',
  bind: (context) => ({
    listTools: (query) => context.current().listTools(query),
    execute: (invocation) => context.current().execute(invocation),
    registerTool: (tool) => context.register(toolRegistrar, tool.name, tool),
  }),
});
