import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

/** What `listServerTools` found. */
export interface ListedTools {
  /** The tools to offer, at most `maxTools`, each name once (the first listing of a name wins). */
  readonly tools: readonly McpTool[];
  /** How many listed tools were left out: past `maxTools`, or a name listed twice. */
  readonly leftOut: number;
}

/** Options of {@link listServerTools}. */
export interface ListServerToolsOptions {
  readonly maxTools: number;
  /** Milliseconds the whole listing, every page together, may take. */
  readonly timeout: number;
  readonly signal: AbortSignal;
}

/** The most pages one listing follows, against a server that hands out cursors forever. */
const maxPages = 1_000;

/**
 * Lists a server's tools, following `nextCursor` page by page until there is none, a cursor
 * comes back a second time, `maxTools` are kept or `maxPages` were read. Every page request
 * gets what is left of `timeout` and the signal.
 */
export async function listServerTools(client: Client, options: ListServerToolsOptions): Promise<ListedTools> {
  const deadline = Date.now() + options.timeout;
  const tools = new Map<string, McpTool>();
  const cursors = new Set<string>();
  let leftOut = 0;
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const timeout = Math.max(1, deadline - Date.now());
    // A signal of its own per request: the SDK never removes the listener it adds.
    const signal = AbortSignal.any([options.signal]);
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout, signal });
    for (const tool of result.tools) {
      if (tools.size >= options.maxTools || tools.has(tool.name)) leftOut++;
      else tools.set(tool.name, tool);
    }
    cursor = result.nextCursor;
    if (cursor === undefined || cursors.has(cursor) || tools.size >= options.maxTools) break;
    cursors.add(cursor);
  }
  return { tools: [...tools.values()], leftOut };
}
