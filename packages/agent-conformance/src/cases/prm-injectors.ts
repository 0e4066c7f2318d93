import type { TokenUsageEvent } from '@aalis/api-agent';
import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import type { ContributionProbe } from '../harness/contribution-probe';
import { seedLongHistory, sendHuman, session, snapshotOf, usageOf } from './scenario';

/**
 * [PRM-3] per-injector figures, on an ordinary call and beyond: 「injectors?: …这一项按注入者的明细,键是注入者
 * 的全局键「插件实例 id/局部 id」」 holds for every `token:usage` the agent emits — a snapshot, a call
 * whose history was cut, a call whose messages a middleware replaced. An agent may count such
 * calls another way than an ordinary one (message by message instead of block by block); the
 * contribution's tokens must still be under its key.
 */

/** A contribution of known text, under a key of the case's own plugin. */
function contributeFacts(context: CaseContext, plugin = 'conformance-prompt'): ContributionProbe {
  return context.harness.contribute(
    {
      localId: 'facts',
      bucket: 'memoryVector',
      label: 'Facts',
      build: () => 'FACT: the sky is blue on clear days, and grey when it rains.',
    },
    { plugin },
  );
}

/** Asserts that `usage` attributes a positive figure to `probe`'s key. */
function assertAttributed(usage: TokenUsageEvent, probe: ContributionProbe, where: string): void {
  const figure = usage.parts.reduce((sum, part) => sum + (part.injectors?.[probe.key] ?? 0), 0);
  assert.that('PRM-3', figure > 0, {
    rule: "a contribution's tokens must be attributed in parts[].injectors under its global key pluginInstanceId/localId, on every token:usage",
    observed: `${where}, the tokens under injector key "${probe.key}" were ${figure}`,
  });
}

/** The first `token:usage` of s1's model calls. */
function firstUsage(context: CaseContext): TokenUsageEvent {
  return assert.defined('PRM-3', usageOf(context.harness, { sessionId: 's1' })[0], {
    rule: 'every model call must be followed by token:usage',
    subject: 'the token:usage of the first model call of s1',
  });
}

/** [PRM-3] with [USG-8]: a snapshot's parts attribute the contribution built for it. */
const snapshotAttributes = defineCase({
  requirements: ['PRM-3', 'USG-8'],
  name: 'a usage snapshot attributes a contribution’s tokens under its global key',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const probe = contributeFacts(context);
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assertAttributed(await snapshotOf(h, 's1'), probe, 'in the snapshot answering token:request');
  },
});

/**
 * [PRM-3] on a call over a long history in a small window: whether or not the agent cuts the
 * history, the contribution it sent is attributed to its key.
 */
const longHistoryAttributes = defineCase({
  requirements: ['PRM-3'],
  name: 'a call over a history longer than the window attributes a contribution’s tokens under its global key',
  harness: { model: { contextWindow: 2048, maxOutputTokens: 256 } },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 0 } });
    seedLongHistory(h, 's1', 24, 300);
    const probe = contributeFacts(context);
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assertAttributed(
      firstUsage(context),
      probe,
      'on a call over about 7,000 tokens of history in a 2,048 window',
    );
  },
});

/**
 * [PRM-3] on a call whose messages an `agent:llm:before` middleware replaced by a list of its own
 * (「中间件可以改 messages」) that keeps the contribution and adds a note.
 */
const replacedMessagesAttribute = defineCase({
  requirements: ['PRM-3'],
  name: 'a call whose messages agent:llm:before replaced attributes a contribution’s tokens under its global key',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const probe = contributeFacts(context);
    h.hooks.middleware('agent:llm:before', async (payload, next) => {
      payload.messages = [...payload.messages, { role: 'user', content: 'A note a middleware added.' }];
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assertAttributed(firstUsage(context), probe, 'on a call whose messages agent:llm:before replaced');
  },
});

/** Runs one turn of s1 with one model call and checks `plugin`'s contribution is attributed on it. */
async function attributedOnOneCall(context: CaseContext, plugin: string): Promise<void> {
  const h = context.harness;
  session(h, 's1');
  const probe = contributeFacts(context, plugin);
  h.model.script([{ text: 'answer' }]);
  await sendHuman(context, 's1', 'question').done;
  assertAttributed(firstUsage(context), probe, `on the model call, for a plugin named ${plugin}`);
}

const injectorFigures = defineCase({
  requirements: ['PRM-3'],
  name: 'a contribution’s tokens appear under its global key in parts injectors',
  run: (context) => attributedOnOneCall(context, 'conformance-prompt'),
});

/**
 * [PRM-3] The global key is the whole plugin instance id, then the local id: a plugin with a
 * scoped name (`@scope/name`, instance `@scope/name#1`) has a slash in its instance id. The near
 * miss splits the key at its first slash.
 */
const scopedPluginKey = defineCase({
  requirements: ['PRM-3'],
  name: 'a contribution of a plugin with a scoped name is attributed under its whole instance id and local id',
  run: (context) => attributedOnOneCall(context, '@conformance/prompt'),
});

/**
 * [PRM-3] The local id is unique within its plugin instance only (「插件实例 id/局部 id」): two
 * plugins may both name a contribution `notes`. Both are built and each is attributed under its
 * own global key. The near miss replaces a contribution by its local id, so the second plugin's
 * takes the first one's place.
 */
const sameLocalIdTwoPlugins = defineCase({
  requirements: ['PRM-3'],
  name: 'contributions of two plugins with the same local id are each attributed under their own global key',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const probes = ['conformance-prompt-a', 'conformance-prompt-b'].map((plugin) =>
      h.contribute(
        {
          localId: 'notes',
          bucket: 'memoryVector',
          label: 'Notes',
          build: () => `NOTE OF ${plugin}: keep it short.`,
        },
        { plugin },
      ),
    );
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    for (const probe of probes)
      assertAttributed(
        firstUsage(context),
        probe,
        'beside a contribution of another plugin with the same local id',
      );
  },
});

/** The cases of per-injector figures ([PRM-3]), on an ordinary call and beyond. */
export const PRM_INJECTOR_CASES = [
  injectorFigures,
  sameLocalIdTwoPlugins,
  snapshotAttributes,
  longHistoryAttributes,
  replacedMessagesAttribute,
  scopedPluginKey,
];
