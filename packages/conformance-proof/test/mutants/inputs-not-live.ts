import type { AgentFactory } from '@aalis/agent-conformance';
import type { TurnInput } from '@aalis/api-agent';
import type { HookContextMap, HooksService } from '@aalis/api-hooks';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

type TurnHook = HookContextMap['agent:turn:before'] | HookContextMap['agent:turn:after'];

/**
 * Breaks [SCH-2]: the turn hooks get a copy of the turn's inputs taken when the turn opened,
 * the same copy in `agent:turn:before` and `agent:turn:after`, so an input that joins the
 * turn reaches the model but never appears in the `inputs` the hooks see.
 */
export const inputsNotLive: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({ ...own, hooks: snapshotInputs(own.hooks) }),
  });

function snapshotInputs(hooks: HooksService): HooksService {
  const copies = new Map<string, readonly TurnInput[]>();
  const run: HooksService['run'] = (name, payload, defaultAction, runOptions) => {
    if (name !== 'agent:turn:before' && name !== 'agent:turn:after')
      return hooks.run(name, payload, defaultAction, runOptions);
    const turn = payload as TurnHook;
    const copy = copies.get(turn.turnId) ?? [...turn.inputs];
    copies.set(turn.turnId, copy);
    return hooks.run(name, { ...turn, inputs: copy } as typeof payload, defaultAction, runOptions);
  };
  return override(hooks, { run });
}
