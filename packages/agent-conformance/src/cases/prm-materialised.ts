import { assert } from '../assert';
import { defineCase } from '../define-case';
import { callContains, sendHuman, session } from './scenario';

/**
 * [PRM-1] 「由 plugin-agent 的组装器在 agent:llm:before 之前统一物化」: before every
 * `agent:llm:before` the assembler materialises every contribution, as each one's `build`
 * returns for that call.
 */

/**
 * [PRM-1] Two contributions whose builds finish at different times are both materialised. The
 * near miss goes on once the first build settled.
 */
const everyBuildAwaited = defineCase({
  requirements: ['PRM-1'],
  name: 'every contribution is materialised before agent:llm:before, also when their builds finish at different times',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.contribute(
      { localId: 'quick', bucket: 'systemOther', label: 'Quick', build: async () => 'QUICK NOTE: be brief.' },
      { plugin: 'conformance-prompt-a' },
    );
    h.contribute(
      {
        localId: 'slow',
        bucket: 'memoryVector',
        label: 'Slow',
        // Settles a turn of the event loop after the quick one.
        build: () => new Promise<string>((resolve) => setImmediate(() => resolve('SLOW NOTE: be kind.'))),
      },
      { plugin: 'conformance-prompt-b' },
    );
    let seen: readonly string[] = [];
    h.hooks.middleware('agent:llm:before', async (payload, next) => {
      seen = ['QUICK NOTE', 'SLOW NOTE'].filter((text) => callContains(payload, text));
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.deepEqual('PRM-1', seen, ['QUICK NOTE', 'SLOW NOTE'], {
      rule: 'every agent:prompt contribution must be materialised before agent:llm:before',
      subject: 'the contributions found in the messages of agent:llm:before',
    });
  },
});

/**
 * [PRM-1] The call after a tool round sends its own materialisation: the text a contribution
 * builds for that call, not the one built for the turn's first call. The near miss assembles the
 * prompt once per turn and reuses it.
 */
const materialisedForEveryCall = defineCase({
  requirements: ['PRM-1'],
  name: 'the model call after a tool round carries what the contribution built for that call',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    let builds = 0;
    h.contribute({
      localId: 'counter',
      bucket: 'systemOther',
      label: 'Counter',
      build: () => {
        builds += 1;
        return `CONTRIBUTED NOTE, build #${builds}.`;
      },
    });
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const second = assert.defined('PRM-1', h.model.requests[1], {
      rule: 'a tool call must be followed by another model call',
      subject: 'the model call after the tool round',
    });
    const carried = Array.from({ length: builds }, (_, index) => index + 1).filter((build) =>
      callContains(second, `build #${build}.`),
    );
    assert.that('PRM-1', carried.length > 0 && carried.every((build) => build > 1), {
      rule: 'contributions must be materialised before every agent:llm:before: the call after a tool round carries what they built for it',
      observed: `the call after the tool round carried the text of build(s) ${JSON.stringify(carried)} of ${builds}; build #1 was for the first call`,
    });
  },
});

/**
 * [PRM-1] A contribution may build messages (`PromptContributionOutput`: text, or
 * `ChatMessage[]`), such as an example exchange of a user and the assistant; materialised, each
 * one reaches the model call as built: every message, with its own role. The near misses keep
 * the first message only, or turn every message into a system message.
 */
const everyBuiltMessageAsBuilt = defineCase({
  requirements: ['PRM-1'],
  name: 'every message a contribution builds reaches the model call with its own role',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const example = [
      { role: 'user' as const, content: 'EXAMPLE QUESTION: what colour is the sky?' },
      { role: 'assistant' as const, content: 'EXAMPLE ANSWER: blue, on clear days.' },
    ];
    h.contribute(
      { localId: 'example', bucket: 'skills', label: 'Example', build: () => example },
      { plugin: 'conformance-prompt' },
    );
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const call = h.model.requests[0];
    for (const built of example) {
      const sent = (call?.messages ?? []).filter((message) => {
        const content =
          typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
        return content.includes(built.content);
      });
      assert.that(
        'PRM-1',
        sent.some((message) => message.role === built.role),
        {
          rule: 'every message an agent:prompt contribution builds must reach the model call as built, with its own role',
          observed: `the ${built.role} message "${built.content}" reached the model call as ${
            sent === undefined || sent.length === 0
              ? 'nothing'
              : sent.map((message) => `a ${message.role} message`).join(' and ')
          }`,
        },
      );
    }
  },
});

/**
 * [PRM-1] A contribution's label is `string | TextRef`, and a `TextRef` may be a key alone: such a
 * contribution is materialised like any other. The near miss takes a TextRef without `fallback`
 * for no label, rejects the contribution, and leaves it out of the prompt.
 */
const labelledByKeyAlone = defineCase({
  requirements: ['PRM-1'],
  name: 'a contribution labelled by a TextRef without fallback is materialised',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.contribute(
      {
        localId: 'keyed',
        bucket: 'skills',
        label: { key: 'conformance.keyed' },
        build: () => 'KEYED NOTE: be brief.',
      },
      { plugin: 'conformance-prompt' },
    );
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.that('PRM-1', callContains(h.model.requests[0]!, 'KEYED NOTE'), {
      rule: 'every agent:prompt contribution must be materialised before agent:llm:before, whatever form of label (string or TextRef) it has',
      observed:
        'the model call did not contain the text of a contribution labelled { key: "conformance.keyed" }',
    });
  },
});

/** The cases of materialisation before every model call ([PRM-1]). */
/**
 * [PRM-1] Every `agent:prompt` contribution is materialised before `agent:llm:before`: when one
 * build throws, whatever the agent does with that one, every model call it makes carries the
 * contributions that built. The near miss builds the contributions together and
 * sends the call with none of them when one fails.
 */
const failingContributionLeavesOthers = defineCase({
  requirements: ['PRM-1'],
  name: 'a contribution whose build throws leaves the other contributions in every model call made',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.contribute(
      {
        localId: 'broken',
        bucket: 'skills',
        label: 'Broken',
        build: () => {
          throw new Error('this contribution failed to build');
        },
      },
      { plugin: 'conformance-prompt-broken' },
    );
    h.contribute(
      {
        localId: 'facts',
        bucket: 'memoryVector',
        label: 'Facts',
        build: () => 'FACT: the sky is blue on clear days.',
      },
      { plugin: 'conformance-prompt-facts' },
    );
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    // How a failing build ends is left open (left out, or the turn fails); a call that is made
    // carries every contribution that built.
    const fact = 'FACT: the sky is blue on clear days.';
    h.model.requests.forEach((call, index) => {
      assert.that('PRM-1', callContains(call, fact), {
        rule: 'every contribution that built must be materialised into the model call, also when another contribution’s build threw',
        observed: `model call ${index + 1} did not carry the text of the contribution that built fine`,
      });
    });
    h.hooks.of('agent:llm:before').forEach((run, index) => {
      assert.that('PRM-1', callContains(run.payload, fact), {
        rule: 'contributions must be materialised before agent:llm:before, also beside one whose build threw',
        observed: `the messages of agent:llm:before ${index + 1} did not carry the text of the contribution that built fine`,
      });
    });
  },
});

export const PRM_MATERIALISED_CASES = [
  failingContributionLeavesOthers,
  everyBuildAwaited,
  materialisedForEveryCall,
  everyBuiltMessageAsBuilt,
  labelledByKeyAlone,
];
