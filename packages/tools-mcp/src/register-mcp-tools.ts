import type { Tool } from '@aalis/api-tools';
import type { McpToolSource } from './mcp-tool-source';

/**
 * Keeps the tools registered through `register` equal to `source`'s list: registers its tools
 * now, then after every change withdraws removed and redefined tools (through the remover
 * `register` returned) and registers new ones. Use it with any tools service that registers
 * tools (`tools.use.registerTool`, or your own registry). Returns a function that stops
 * following and withdraws every tool it registered.
 */
export function registerMcpTools(source: McpToolSource, register: (tool: Tool) => () => void): () => void {
  const registered = new Map<string, { readonly tool: Tool; readonly withdraw: () => void }>();
  const apply = (current: readonly Tool[]) => {
    const byName = new Map(current.map((tool) => [tool.name, tool]));
    for (const [name, entry] of registered) {
      if (byName.get(name) === entry.tool) continue;
      entry.withdraw();
      registered.delete(name);
    }
    for (const tool of current) {
      if (!registered.has(tool.name)) registered.set(tool.name, { tool, withdraw: register(tool) });
    }
  };
  apply(source.tools());
  const unsubscribe = source.subscribe(apply);
  return () => {
    unsubscribe();
    for (const entry of registered.values()) entry.withdraw();
    registered.clear();
  };
}
