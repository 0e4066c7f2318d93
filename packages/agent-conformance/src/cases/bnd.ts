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

/** Another provider that supports preprocessors: runs the attached ones in order, records what reached its end. */
function supportingProvider(received: IncomingMessage[]): AgentService {
  const preprocessors = new Map<string, PreprocessorFn>();
  return {
    ...otherProvider(received),
    handleMessage: async (message) => {
      const chain = [...preprocessors.values()];
      const step = async (index: number): Promise<void> => {
        const preprocessor = chain[index];
        if (preprocessor === undefined) received.push(message);
        else await preprocessor(message, () => step(index + 1));
      };
      await step(0);
    },
    registerPreprocessor: (name, handler) => {
      preprocessors.set(name, handler);
      return () => {
        if (preprocessors.get(name) === handler) preprocessors.delete(name);
      };
    },
  };
}

function preprocessorPlugin(
  h: Harness,
  registrations: readonly (readonly [string, PreprocessorFn])[],
  name = 'conformance-preprocessors',
) {
  return h.app.plugin(
    definePlugin({
      name,
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

/**
 * [BND-1] The same name replaces (「同名替换」), a provider switch re-attaches automatically
 * (「提供者换人自动重挂」) and a registration is withdrawn with the plugin that made it
 * (「随激活撤回」): when a second plugin replaced the first's preprocessor under the same name and
 * the first plugin then deactivates, the second's stays registered and comes back after a
 * provider switch. The near miss lets the first plugin's withdrawal remove whatever
 * registration holds the name, so the surviving one is not re-attached.
 */
const replacementSurvivesEarlierOwner = defineCase({
  requirements: ['BND-1'],
  name: 'a preprocessor that replaced another plugin’s under the same name stays after that plugin deactivates and follows a provider switch',
  requires: ['preprocessors'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    providerOf(context, 'BND-1');
    const first = preprocessorPlugin(h, [['tag', suffix('[a]')]], 'conformance-preprocessor-a');
    await h.app.settled();
    preprocessorPlugin(h, [['tag', suffix('[b]')]], 'conformance-preprocessor-b');
    await h.app.settled();
    await first.dispose();
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'before the switch').done;
    const call = assert.defined('BND-1', h.model.requests[0], {
      rule: 'the input must reach a turn',
      subject: 'the model call of the input sent before the switch',
    });
    assert.that('BND-1', callContains(call, 'before the switch [b]') && !callContains(call, '[a]'), {
      rule: 'a preprocessor that replaced another plugin’s under the same name must stay when that plugin deactivates',
      observed:
        'the model call did not show the surviving preprocessor’s rewrite alone ("before the switch [b]")',
    });
    const received: IncomingMessage[] = [];
    h.app.provide(agentService, supportingProvider(received), { name: 'conformance-supporting' });
    h.app.select(agentService, 'conformance-supporting');
    await sendHuman(context, 's1', 'after the switch').done;
    assert.equal('BND-1', received[0]?.content, 'after the switch [b]', {
      rule: 'a preprocessor that replaced another plugin’s under the same name must be re-attached to the new provider after a switch, also once that other plugin deactivated',
      subject: 'the input the newly selected provider that supports preprocessors received',
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
export const BND_CASES = [registrar, withdrawnStaysWithdrawn, replacementSurvivesEarlierOwner, lateSupport];
