// The contract's "typical usage" example, unchanged: it must type-check as written.
import { agent } from '@aalis/api-agent';
import { hooks } from '@aalis/api-hooks';
import { definePlugin, optional } from '@aalis/core';
export default definePlugin({
  name: '@acme/plugin-example-agent',
  uses: { agent: optional(agent), hooks },
  apply({ agent, hooks }) {
    agent.use.registerPreprocessor('suffix', async (message, next) => {
      message.content += ' [logged]';
      await next();
    });
    // biome-ignore lint/correctness/noUnusedFunctionParameters: the contract's example, kept verbatim
    hooks.use.middleware('agent:turn:after', async (data, next) => {
      await next();
    });
  },
});

// What the example relies on, checked explicitly.
import type { HookContextMap } from '@aalis/api-hooks';
import type { Plugin } from '@aalis/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { AgentTurnAfterPayload, BoundAgent } from './index';

describe('the typical usage of the contract', () => {
  it('[HK-10] [BND-1] type-checks with the agent handle and the agent:turn:after hook key', () => {
    expectTypeOf(agent.bind).returns.toEqualTypeOf<BoundAgent>();
    expectTypeOf<HookContextMap['agent:turn:after']>().toEqualTypeOf<AgentTurnAfterPayload>();
    expectTypeOf<typeof import('./typical-usage.test-d')['default']>().toExtend<Plugin>();
  });
});
