import type { AgentFactory } from '@aalis/agent-conformance';
import type { TokenUsageEvent } from '@aalis/api-agent';
import type { HookContextMap, HooksService } from '@aalis/api-hooks';
import type { ChatMessage, ChatRequest, LlmService } from '@aalis/api-llm';
import type { EventBus } from '@aalis/core';
import { buildTokenUsage, createTokenCounter, planTokenBudget } from '@aalis/token-budget';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

interface CallOwner {
  readonly sessionId: string;
  readonly turnId: string;
}

/**
 * Breaks [USG-1]: a model call that threw still reports a `token:usage`, estimated from what
 * was sent, as if the attempt had been billed.
 */
export const usageForThrowingCall: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => {
      // `agent:llm:before` names the turn; the request it leads to carries its `messages` array.
      const owners = new WeakMap<readonly ChatMessage[], CallOwner>();
      return {
        ...own,
        hooks: rememberCallOwners(own.hooks, owners),
        llm: reportThrowingCalls({ llm: own.llm, events: own.events, owners }),
      };
    },
  });

function rememberCallOwners(
  hooks: HooksService,
  owners: WeakMap<readonly ChatMessage[], CallOwner>,
): HooksService {
  const run: HooksService['run'] = async (name, payload, defaultAction, runOptions) => {
    const outcome = await hooks.run(name, payload, defaultAction, runOptions);
    if (name === 'agent:llm:before') {
      const before = payload as HookContextMap['agent:llm:before'];
      owners.set(before.messages, { sessionId: before.sessionId, turnId: before.turnId });
    }
    return outcome;
  };
  return override(hooks, { run });
}

function estimatedUsage(request: ChatRequest, owner: CallOwner): TokenUsageEvent {
  const { capabilities } = request.model;
  const fields = buildTokenUsage({
    messages: request.messages,
    counter: createTokenCounter(),
    tools: request.tools ?? [],
    plan: planTokenBudget({
      contextWindow: capabilities.contextWindow,
      maxOutput: capabilities.maxOutputTokens,
    }),
    historyMessages: 0,
    historyLimit: 0,
  });
  return { ...owner, snapshot: false, model: request.model.ref, ...fields };
}

function reportThrowingCalls(options: {
  readonly llm: LlmService;
  readonly events: EventBus;
  readonly owners: WeakMap<readonly ChatMessage[], CallOwner>;
}): LlmService {
  const { llm, events, owners } = options;
  return override(llm, {
    chat: async (request: ChatRequest) => {
      try {
        return await llm.chat(request);
      } catch (error) {
        const owner = owners.get(request.messages);
        if (owner !== undefined) await events.emit('token:usage', estimatedUsage(request, owner));
        throw error;
      }
    },
  });
}
