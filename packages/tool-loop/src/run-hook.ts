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
    return await untilAborted(
      Promise.resolve().then(() => run.hooks.run(name, payload)),
      run.abortRace,
    );
  } catch (error) {
    if (TurnAbortedError.isInstance(error)) throw error;
    throw new HookRunError({ hookName: name, cause: error });
  }
}
