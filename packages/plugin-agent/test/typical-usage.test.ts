import { createScriptedModel } from '@aalis/agent-conformance/testing';
import { agent } from '@aalis/api-agent';
import { hooks } from '@aalis/api-hooks';
import { definePlugin, optional } from '@aalis/core';
import { describe, expect, it } from 'vitest';
import { agentApp } from './support/agent-app';

/** The contract's typical-usage plugin, unchanged but for the counter that lets the test see its middleware run. */
let turnsSeen = 0;
const examplePlugin = definePlugin({
  name: '@acme/plugin-example-agent',
  uses: { agent: optional(agent), hooks },
  apply({ agent, hooks }) {
    agent.use.registerPreprocessor('suffix', async (message, next) => {
      message.content += ' [logged]';
      await next();
    });
    hooks.use.middleware('agent:turn:after', async (_data, next) => {
      turnsSeen += 1;
      await next();
    });
  },
});

describe("the contract's typical-usage plugin beside plugin-agent", () => {
  it('[BND-1] [PRE-1] [HK-8] its preprocessor rewrites inputs and its turn:after middleware sees every turn; unloading withdraws both', async () => {
    turnsSeen = 0;
    const model = createScriptedModel({ steps: [{ text: 'one' }, { text: 'two' }] });
    const harness = agentApp({ llm: model.service });
    const example = harness.app.plugin(examplePlugin);
    await harness.agent.handleMessage({ content: 'hi', sessionId: 's1', platform: 'web', userId: 'u1' });
    expect(model.requests[0]?.messages.at(-1)?.content).toBe('hi [logged]');
    expect(turnsSeen).toBe(1);
    await example.dispose();
    await harness.agent.handleMessage({ content: 'again', sessionId: 's1', platform: 'web', userId: 'u1' });
    expect(model.requests[1]?.messages.at(-1)?.content).toBe('again');
    expect(turnsSeen).toBe(1);
  });
});
