import { MAX_TOOL_NAME_LENGTH, modelToolName } from './model-tool-name';

/** Hands out model tool names unique across all servers of a source. */
export interface ToolNameRegistry {
  /**
   * The name of a server's tool: the same one for as long as it is held, else
   * `modelToolName(server, tool)`, with `_2`, `_3`, … when another tool holds that already.
   */
  claim(serverName: string, mcpName: string): string;
  /** Gives the name of a server's tool back. */
  release(serverName: string, mcpName: string): void;
}

/** A {@link ToolNameRegistry}; each claim costs time linear in the length of the names. */
export function createToolNameRegistry(): ToolNameRegistry {
  const byTool = new Map<string, string>();
  const taken = new Set<string>();
  // The next suffix to try per base name, so n tools with one base name cost n tries, not n².
  const nextSuffix = new Map<string, number>();
  const keyOf = (serverName: string, mcpName: string) => `${serverName}\u0000${mcpName}`;
  const unused = (base: string): string => {
    if (!taken.has(base)) return base;
    let number = nextSuffix.get(base) ?? 2;
    let candidate = withSuffix(base, number);
    while (taken.has(candidate)) candidate = withSuffix(base, ++number);
    nextSuffix.set(base, number + 1);
    return candidate;
  };
  return {
    claim(serverName, mcpName) {
      const key = keyOf(serverName, mcpName);
      const held = byTool.get(key);
      if (held !== undefined) return held;
      const name = unused(modelToolName(serverName, mcpName));
      byTool.set(key, name);
      taken.add(name);
      return name;
    },
    release(serverName, mcpName) {
      const key = keyOf(serverName, mcpName);
      const held = byTool.get(key);
      if (held === undefined) return;
      byTool.delete(key);
      taken.delete(held);
    },
  };
}

function withSuffix(base: string, number: number): string {
  const suffix = `_${number}`;
  return base.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length) + suffix;
}
