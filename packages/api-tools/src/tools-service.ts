import type { Tool } from './tool';
import type { ToolDefinition } from './tool-definition';
import type { ToolInvocation } from './tool-invocation';
import type { ToolResult } from './tool-result';

/** Which conversation the tools are listed for. */
export interface ToolListQuery {
  readonly sessionId: string;
  readonly platform?: string;
}

/** The tool service: which tools a conversation may use, and running them. */
export interface ToolsService {
  /** The tools offered to the model in this conversation. */
  listTools(query: ToolListQuery): Promise<readonly ToolDefinition[]>;
  /**
   * Runs one call and normalises its output. Rejects with `ToolNotFoundError` for an unknown
   * name, `ToolArgumentsError` when the arguments do not match the schema, and
   * `ToolExecutionError` when the tool threw.
   */
  execute(invocation: ToolInvocation): Promise<ToolResult>;
  /**
   * Adds a tool; the same name replaces the earlier one. Returns a function that removes
   * it. Optional: plugins register through `tools.use.registerTool`, which attaches to the
   * current provider when it supports this.
   */
  registerTool?(tool: Tool): () => void;
}

/** The business handle of `tools`: registrations are owned by the calling plugin. */
export interface BoundTools extends ToolsService {
  /**
   * Adds a tool through the `toolRegistrar`: the same name replaces, a provider switch
   * re-attaches it, the owner's deactivation withdraws it. Returns a disposer.
   */
  registerTool(tool: Tool): () => void;
}
