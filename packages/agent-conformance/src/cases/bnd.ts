import { type AgentService, agent as agentService, type PreprocessorFn } from '@aalis/api-agent';
import { definePlugin } from '@aalis/core';
import type { IncomingMessage } from '@aalis/schema-message';
import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import type { Harness } from '../harness/harness';
import { callContains, sendHuman, session } from './scenario';

function suffix(text: string): PreprocessorFn {
  return async (message, next) => {
    message.content = `${message.content} ${text}`;
    await next();
  };
}

function otherProvider(received: IncomingMessage[]): AgentService {
  return {
    handleMessage: async (message) => {
      received.push(message);
    },
    abort: () => false,
    clearing: async (_sessionIds, clear) => {
      await clear();
    },
    assignModel: async () => undefined,
  };
}

function preprocessorPlugin(h: Harness, registrations: readonly (readonly [string, PreprocessorFn])[]) {
  return h.app.plugin(
    definePlugin({
      name: 'conformance-preprocessors',
      uses: { agent: agentService },
      apply: ({ agent }) => {
        for (const [name, handler] of registrations) agent.use.registerPreprocessor(name, handler);
      },
    }),
  );
}

/** The provider name under which the implementation is the app's agent service. */
function providerOf(context: CaseContext, id: string): string {
  return assert.defined(id, context.agent.providerName, {
    rule: "the implementation must be provided as the app's agent service",
    subject: 'the provider name of the implementation',
  });
}

/** Switches the app's agent to a provider without preprocessor support and back to `original`. */
function switchAwayAndBack(h: Harness, original: string): void {
  h.app.provide(agentService, otherProvider([]), { name: 'conformance-other' });
  h.app.select(agentService, 'conformance-other');
  h.app.select(agentService, original);
}

const registrar = defineCase({
  requirements: ['BND-1'],
  name: 'a preprocessor of a plugin replaces by name, survives a provider switch and leaves with its plugin',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const original = providerOf(context, 'BND-1');
    const instance = preprocessorPlugin(h, [
      ['tag', suffix('[first]')],
      ['tag', suffix('[second]')],
    ]);
    await h.app.settled();
    h.model.script([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    await sendHuman(context, 's1', 'message one').done;
    const first = h.model.requests[0]!;
    assert.that('BND-1', callContains(first, 'message one [second]') && !callContains(first, '[first]'), {
      rule: 'registerPreprocessor with a name already registered must replace that preprocessor',
      observed:
        'the first model call did not show only the latest preprocessor\'s rewrite ("message one [second]" without "[first]")',
    });
    switchAwayAndBack(h, original);
    await sendHuman(context, 's1', 'message two').done;
    const second = h.model.requests[1]!;
    assert.that(
      'BND-1',
      callContains(second, 'message two [second]') && !callContains(second, '[second] [second]'),
      {
        rule: 'a preprocessor of a plugin must be re-attached once, automatically, after a provider switch',
        observed:
          'the model call after the provider switch did not show exactly one rewrite ("message two [second]")',
      },
    );
    await instance.dispose();
    await sendHuman(context, 's1', 'message three').done;
    const third = h.model.requests[2]!;
    assert.that(
      'BND-1',
      callContains(third, 'message three') && !callContains(third, 'message three [second]'),
      {
        rule: 'a preprocessor must be withdrawn when the plugin that registered it deactivates',
        observed: 'the preprocessor still rewrote "message three" after its plugin was disposed',
      },
    );
  },
});

/**
 * [BND-1] Withdrawn means gone for good: 「注册方插件停用时自动撤回」. A preprocessor whose plugin
 * deactivated must not come back when the registrar re-attaches registrations on a later
 * provider switch. The near miss only detaches a withdrawn registration from the current
 * provider and keeps it on the list it re-attaches from.
 */
const withdrawnStaysWithdrawn = defineCase({
  requirements: ['BND-1'],
  name: 'a preprocessor withdrawn with its plugin does not come back after a later provider switch',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const original = providerOf(context, 'BND-1');
    const instance = preprocessorPlugin(h, [['tag', suffix('[withdrawn]')]]);
    await h.app.settled();
    await instance.dispose();
    switchAwayAndBack(h, original);
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'after the switch').done;
    const call = h.model.requests[0]!;
    assert.that('BND-1', callContains(call, 'after the switch') && !callContains(call, '[withdrawn]'), {
      rule: 'a preprocessor withdrawn when its plugin deactivated must stay withdrawn after a later provider switch',
      observed:
        'the model call after the switch showed the withdrawn preprocessor\'s rewrite ("[withdrawn]")',
    });
  },
});

const lateSupport = defineCase({
  requirements: ['BND-2'],
  name: 'a preprocessor registered under a provider without support takes effect once a supporting provider is current',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const original = providerOf(context, 'BND-2');
    const received: IncomingMessage[] = [];
    h.app.provide(agentService, otherProvider(received), { name: 'conformance-other' });
    h.app.select(agentService, 'conformance-other');
    preprocessorPlugin(h, [['late', suffix('[late]')]]);
    await h.app.settled();
    await sendHuman(context, 's1', 'to the other provider').done;
    assert.equal('BND-2', received[0]?.content, 'to the other provider', {
      rule: 'a preprocessor registered under a provider without support has no effect there',
      subject: 'the input the provider without support received',
    });
    h.app.select(agentService, original);
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'to the implementation').done;
    assert.that('BND-2', callContains(h.model.requests[0]!, 'to the implementation [late]'), {
      rule: 'a preprocessor registered under a provider without support must take effect once a supporting provider is current',
      observed: 'the model call showed the input unchanged, without "[late]"',
    });
  },
});

/** The cases of the BND family ([BND-1], [BND-2]). */
export const BND_CASES = [registrar, withdrawnStaysWithdrawn, lateSupport];
