import type { AgentFactory } from '@aalis/agent-conformance';
import type { HookContextMap, HooksService } from '@aalis/api-hooks';
import type { MessageSource } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

type InputBefore = HookContextMap['agent:input:before'];

/**
 * Breaks [SCH-4]: the scheduler is shown every injection without its `source`, so it takes
 * the injection for a human input and lets human inputs join the turn it opens (and lets it
 * join a running human turn). The source is put back on the very same message right after
 * the scheduler classified it, so hooks, records and the model still see it.
 */
export const insertIntoInjection: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({ ...own, hooks: hideSourceFromScheduler(own.hooks) }),
  });

function hideSourceFromScheduler(hooks: HooksService): HooksService {
  const run: HooksService['run'] = (name, payload, defaultAction, runOptions) => {
    if (name !== 'agent:input:before' || defaultAction === undefined)
      return hooks.run(name, payload, defaultAction, runOptions);
    return hooks.run(
      name,
      payload,
      (current) => {
        const input = current as InputBefore;
        const source = input.message.source;
        if (source === undefined) return defaultAction(current);
        const { source: _hidden, ...asHuman } = input.message;
        input.message = asHuman;
        // plugin-agent hands the input to the scheduler synchronously: it is classified by now.
        const submitted = defaultAction(current);
        (asHuman as { source?: MessageSource }).source = source;
        return submitted;
      },
      runOptions,
    );
  };
  return override(hooks, { run });
}
