import type { AgentFactory } from '@aalis/agent-conformance';
import type { HookRunOutcome, HooksService } from '@aalis/api-hooks';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [PRE-1]: an input a preprocessor (or any `agent:input:before` middleware) dropped is
 * reported to the agent as handled, so the agent emits no stream end marker for it and the
 * platform's typing indicator never stops.
 */
export const dropWithoutEndMarker: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({ ...own, hooks: hideDrops(own.hooks) }),
  });

function hideDrops(hooks: HooksService): HooksService {
  const run: HooksService['run'] = async (name, payload, defaultAction, runOptions) => {
    const outcome = await hooks.run(name, payload, defaultAction, runOptions);
    if (name !== 'agent:input:before' || !outcome.blocked) return outcome;
    return { blocked: false, result: undefined, errors: outcome.errors } as HookRunOutcome<never>;
  };
  return override(hooks, { run });
}
