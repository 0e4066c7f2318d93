import {
  type Tool,
  ToolArgumentsError,
  ToolExecutionError,
  ToolNotFoundError,
  type ToolsService,
  toToolResult,
} from '@aalis/api-tools';
import { checkToolArguments } from '@aalis/tool-loop';

/** An in-memory `ToolsService` that also lists its tools by name. */
export interface ToolRegistry extends ToolsService {
  /** Adds a tool; the same name replaces the earlier one. The returned function removes it (if not replaced since). */
  registerTool(tool: Tool): () => void;
  /** The names of the registered tools, in registration order. */
  names(): string[];
}

/**
 * Makes an in-memory tool service: every registered tool is offered to every session, in
 * registration order. `execute` validates the arguments against the tool's JSON schema
 * (`ToolArgumentsError` with the problems), rejects an unknown name (`ToolNotFoundError`),
 * wraps a throwing tool (`ToolExecutionError`, the thrown value as `cause`) and normalizes
 * the output to a `ToolResult`. A malformed tool is a `TypeError` at registration.
 */
export function createToolRegistry(initial: readonly Tool[] = []): ToolRegistry {
  const registered = new Map<string, Tool>();
  const registry: ToolRegistry = {
    async listTools() {
      return [...registered.values()].map(({ name, description, parameters }) => ({
        name,
        description,
        parameters,
      }));
    },
    async execute({ name, args, toolCallContext }) {
      const tool = registered.get(name);
      if (tool === undefined) throw new ToolNotFoundError(name);
      const problems = checkToolArguments(args, tool.parameters);
      if (problems.length > 0) throw new ToolArgumentsError({ toolName: name, problems });
      try {
        return toToolResult(await tool.execute(args, toolCallContext));
      } catch (error) {
        throw new ToolExecutionError(name, { cause: error });
      }
    },
    registerTool(tool) {
      assertTool(tool);
      registered.set(tool.name, tool);
      return () => {
        if (registered.get(tool.name) === tool) registered.delete(tool.name);
      };
    },
    names: () => [...registered.keys()],
  };
  for (const tool of initial) registry.registerTool(tool);
  return registry;
}

function assertTool(tool: Tool): void {
  if (typeof tool !== 'object' || tool === null) throw new TypeError('A tool must be an object');
  if (typeof tool.name !== 'string' || tool.name === '') throw new TypeError('A tool needs a non-empty name');
  if (typeof tool.execute !== 'function')
    throw new TypeError(`Tool "${tool.name}" needs an execute function`);
  if (typeof tool.parameters !== 'object' || tool.parameters === null) {
    throw new TypeError(`Tool "${tool.name}" needs a JSON schema as parameters`);
  }
}
