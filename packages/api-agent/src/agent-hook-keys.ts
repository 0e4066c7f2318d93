import type {} from '@aalis/api-hooks';
import type { AgentInputBeforePayload } from './agent-input-before-payload';
import type { AgentLlmAfterPayload } from './agent-llm-after-payload';
import type { AgentLlmBeforePayload } from './agent-llm-before-payload';
import type { AgentReplyBeforePayload } from './agent-reply-before-payload';
import type { AgentToolAfterPayload } from './agent-tool-after-payload';
import type { AgentToolBeforePayload } from './agent-tool-before-payload';
import type { AgentTurnAfterPayload } from './agent-turn-after-payload';
import type { AgentTurnBeforePayload } from './agent-turn-before-payload';

/** The names of the agent's hooks, in the order a turn meets them. */
export const AGENT_HOOK_KEYS = [
  'agent:input:before',
  'agent:turn:before',
  'agent:llm:before',
  'agent:llm:after',
  'agent:tool:before',
  'agent:tool:after',
  'agent:reply:before',
  'agent:turn:after',
] as const;

/** One of {@link AGENT_HOOK_KEYS}. */
export type AgentHookKey = (typeof AGENT_HOOK_KEYS)[number];

// Importing @aalis/api-agent adds the agent's hook keys to HookContextMap ([HK-10]).
declare module '@aalis/api-hooks' {
  interface HookContextMap {
    'agent:input:before': AgentInputBeforePayload;
    'agent:turn:before': AgentTurnBeforePayload;
    'agent:llm:before': AgentLlmBeforePayload;
    'agent:llm:after': AgentLlmAfterPayload;
    'agent:tool:before': AgentToolBeforePayload;
    'agent:tool:after': AgentToolAfterPayload;
    'agent:reply:before': AgentReplyBeforePayload;
    'agent:turn:after': AgentTurnAfterPayload;
  }
}
