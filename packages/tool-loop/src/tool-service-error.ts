import { describeCause } from './describe-cause';
import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/**
 * `TOOL_SERVICE_FAILED`: the tool service failed in a way that is not a tool's own failure
 * (it rejected with something other than a `ToolsError` of `@aalis/api-tools`, or listing
 * the tools failed). A tool that throws is not this: its failure is fed back to the model.
 */
export class ToolServiceError extends ToolLoopError {
  /** The stable code of this error. */
  static override readonly code = 'TOOL_SERVICE_FAILED';
  declare readonly code: 'TOOL_SERVICE_FAILED';
  /** The tool being called, when the failure belongs to one call. */
  readonly toolName: string | undefined;

  constructor(options: Omit<ToolLoopErrorOptions, 'code'> & { readonly toolName?: string }) {
    const subject = options.toolName === undefined ? 'the tool service' : `tool ${options.toolName}`;
    super(`${subject} failed: ${describeCause(options.cause)}`, { ...options, code: ToolServiceError.code });
    this.toolName = options.toolName;
  }
}
