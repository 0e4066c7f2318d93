import type { AgentFactory } from '@aalis/agent-conformance';
import type { HookContextMap, HooksService } from '@aalis/api-hooks';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [OUT-2]: an aborted turn is reported to `agent:turn:after` with an `error` sentence,
 * as if a stop were a failure; only outcome `error` may carry one.
 */
export const errorOnAborted: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({ ...own, hooks: explainAborts(own.hooks) }),
  });

function explainAborts(hooks: HooksService): HooksService {
  const run: HooksService['run'] = (name, payload, defaultAction, runOptions) => {
    const after = payload as HookContextMap['agent:turn:after'];
    if (name !== 'agent:turn:after' || after.outcome !== 'aborted')
      return hooks.run(name, payload, defaultAction, runOptions);
    const explained = { ...after, error: 'The turn was stopped before it finished.' };
    return hooks.run(name, explained as typeof payload, defaultAction, runOptions);
  };
  return override(hooks, { run });
}
