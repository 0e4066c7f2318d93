import type { HookContextMap } from '@aalis/api-hooks';
import type { ContributionPointMap, EventMap } from '@aalis/core';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AgentInputBeforePayload,
  AgentLlmAfterPayload,
  AgentLlmBeforePayload,
  AgentPromptContribution,
  AgentQueueEvent,
  AgentReplyBeforePayload,
  AgentToolAfterPayload,
  AgentToolBeforePayload,
  AgentTurnAfterPayload,
  AgentTurnBeforePayload,
  OutboundMessageEvent,
  OutboundStreamEvent,
  TokenRequestEvent,
  TokenUsageEvent,
} from './index';

describe('[HK-10] importing @aalis/api-agent extends the host maps', () => {
  it('adds every agent hook key to HookContextMap with its payload', () => {
    expectTypeOf<HookContextMap['agent:input:before']>().toEqualTypeOf<AgentInputBeforePayload>();
    expectTypeOf<HookContextMap['agent:turn:before']>().toEqualTypeOf<AgentTurnBeforePayload>();
    expectTypeOf<HookContextMap['agent:llm:before']>().toEqualTypeOf<AgentLlmBeforePayload>();
    expectTypeOf<HookContextMap['agent:llm:after']>().toEqualTypeOf<AgentLlmAfterPayload>();
    expectTypeOf<HookContextMap['agent:tool:before']>().toEqualTypeOf<AgentToolBeforePayload>();
    expectTypeOf<HookContextMap['agent:tool:after']>().toEqualTypeOf<AgentToolAfterPayload>();
    expectTypeOf<HookContextMap['agent:reply:before']>().toEqualTypeOf<AgentReplyBeforePayload>();
    expectTypeOf<HookContextMap['agent:turn:after']>().toEqualTypeOf<AgentTurnAfterPayload>();
  });

  it('adds the agent events to EventMap', () => {
    expectTypeOf<EventMap['agent:queue']>().toEqualTypeOf<AgentQueueEvent>();
    expectTypeOf<EventMap['token:usage']>().toEqualTypeOf<TokenUsageEvent>();
    expectTypeOf<EventMap['token:request']>().toEqualTypeOf<TokenRequestEvent>();
    expectTypeOf<EventMap['outbound:message']>().toEqualTypeOf<OutboundMessageEvent>();
    expectTypeOf<EventMap['outbound:stream']>().toEqualTypeOf<OutboundStreamEvent>();
  });

  it('[PRM-1] adds the agent:prompt contribution point', () => {
    expectTypeOf<ContributionPointMap['agent:prompt']>().toEqualTypeOf<AgentPromptContribution>();
  });
});
