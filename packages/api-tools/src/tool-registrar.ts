import type { Registrar } from '@aalis/core';
import type { Tool } from './tool';
import type { ToolsService } from './tools-service';

/**
 * How `tools.use.registerTool` attaches a tool to the current provider: through the
 * provider's `registerTool`; nothing is attached while the provider lacks it.
 */
export const toolRegistrar: Registrar<ToolsService, readonly [Tool]> = {
  id: 'tools:tool',
  attach: (service, { args: [tool] }) => service.registerTool?.(tool),
};
