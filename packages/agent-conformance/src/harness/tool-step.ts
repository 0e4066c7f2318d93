import type { ToolResult } from '@aalis/api-tools';
import type { Gate } from './gate';

/** What a scripted tool does for one call. */
export interface ToolStep {
  /** What the call returns. Default: the text `<name>: ok`. */
  readonly result?: string | ToolResult;
  /** Fail the call: it rejects with `ToolExecutionError` whose cause is this. */
  readonly throws?: string | Error;
  /** Hold the result until this gate opens (or the call's signal aborts). */
  readonly waitFor?: Gate;
  /** Never finish by itself: the call only ends, failed, when its context's signal aborts. */
  readonly untilAborted?: boolean;
  /**
   * Do not listen to the context's signal: an abort cuts no hold short (`waitFor`; an
   * `untilAborted` step then never ends). For testing that an agent does not wait for a tool
   * that ignores its abort. Default `false`.
   */
  readonly ignoresAbort?: boolean;
}
