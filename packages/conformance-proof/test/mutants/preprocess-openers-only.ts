import type { AgentFactory } from '@aalis/agent-conformance';
import type { HooksService } from '@aalis/api-hooks';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [PRE-1]: preprocessors run only for inputs that arrive while their session runs no
 * turn, the ones that open turns; an input that joins a running turn skips them, as if
 * preprocessing were a step of opening a turn rather than of every input.
 */
export const preprocessOpenersOnly: AgentFactory = (harness) => {
  const running = new Set<string>();
  return buildPluginAgent(harness, {
    collaborators: (own) => ({ ...own, hooks: markRunning(own.hooks, running) }),
    service: (agent) =>
      override(agent, {
        registerPreprocessor: (name, handler) =>
          agent.registerPreprocessor(name, (message, next) =>
            running.has(message.sessionId) ? next() : handler(message, next),
          ),
      }),
  });
};

function markRunning(hooks: HooksService, running: Set<string>): HooksService {
  const run: HooksService['run'] = (name, payload, defaultAction, runOptions) => {
    if (name !== 'agent:turn:before') return hooks.run(name, payload, defaultAction, runOptions);
    const { sessionId } = payload as { readonly sessionId: string };
    running.add(sessionId);
    return hooks.run(name, payload, defaultAction, runOptions).finally(() => running.delete(sessionId));
  };
  return override(hooks, { run });
}
