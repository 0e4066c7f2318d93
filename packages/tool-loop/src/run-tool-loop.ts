import { createToolLoop } from './create-tool-loop';
import type { RunToolLoopOptions } from './run-tool-loop-options';
import type { ToolLoopResult } from './tool-loop-result';

/**
 * Makes a tool loop and runs one turn's body with it (see `ToolLoop.run`): for a caller with
 * one turn to run. An agent makes its loop once with `createToolLoop` and hands each turn
 * only its own data. Rejects with a `TypeError` for malformed options.
 */
export async function runToolLoop(options: RunToolLoopOptions): Promise<ToolLoopResult> {
  return createToolLoop(options).run(options);
}
