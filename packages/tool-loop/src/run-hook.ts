import type { HookContextMap, HookName, HookRunOutcome } from '@aalis/api-hooks';
import { HookRunError } from './hook-run-error';
import { throwIfAborted } from './throw-if-aborted';
import { TurnAbortedError } from './turn-aborted-error';
import type { TurnRun } from './turn-run';
import { untilAborted } from './until-aborted';

/**
 * Runs one hook over `payload` (which middlewares may edit in place). A middleware's own
 * failure is isolated by the hooks service and the turn goes on; a failure to run the hook
 * at all is a `HookRunError`. Honours the turn's abort before and while it runs: a middleware
 * that hangs is not waited for once the turn stops ([LIV-1]).
 */
export async function runHook<TName extends HookName>(
  run: TurnRun,
  name: TName,
  payload: HookContextMap[TName],
): Promise<HookRunOutcome<undefined>> {
  throwIfAborted(run.signal);
  try {
    // Called at once: the hooks service calls the first middleware synchronously and answers
    // with a promise (a throw is a failure to run the hook, caught below).
    return await untilAborted(run.hooks.run(name, payload), run.abortRace);
  } catch (error) {
    if (TurnAbortedError.isInstance(error)) throw error;
    throw new HookRunError({ hookName: name, cause: error });
  }
}
