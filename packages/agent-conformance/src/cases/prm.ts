import { assert } from '../assert';
import { defineCase } from '../define-case';
import { callContains, sendHuman, session, turns, usageOf } from './scenario';

const materialised = defineCase({
  requirements: ['PRM-1'],
  name: 'agent:prompt contributions are materialised before agent:llm:before',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.contribute(
      { localId: 'note', bucket: 'systemOther', label: 'Note', build: () => 'CONTRIBUTED NOTE: be kind.' },
      { plugin: 'conformance-prompt' },
    );
    let seenInHook = false;
    h.hooks.middleware('agent:llm:before', async (payload, next) => {
      seenInHook = payload.messages.some((message) => message.content.includes('CONTRIBUTED NOTE'));
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.that(
      'PRM-1',
      seenInHook,
      'expected the contribution in the messages of agent:llm:before, got it missing',
    );
    assert.that(
      'PRM-1',
      callContains(h.model.requests[0]!, 'CONTRIBUTED NOTE'),
      'expected the contribution in the model call, got it missing',
    );
  },
});

const buildView = defineCase({
  requirements: ['PRM-2'],
  name: 'build receives session, platform, the turn’s inputs, a signal, the dry-run flag and the messages',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const probe = h.contribute({
      localId: 'probe',
      bucket: 'systemOther',
      label: 'Probe',
      build: () => 'probe',
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const view = assert.defined('PRM-2', probe.views[0], 'the view build received');
    const turn = assert.defined('PRM-2', turns(h, 's1')[0], 'the turn');
    assert.equal('PRM-2', view.sessionId, 's1', 'the session of the view');
    assert.equal('PRM-2', view.platform, 'conformance', 'the platform of the view');
    assert.equal(
      'PRM-2',
      view.inputs[0],
      turn.inputs[0],
      'the first input of the view (the same object as in agent:turn:before)',
    );
    assert.that('PRM-2', view.signal instanceof AbortSignal, 'expected an AbortSignal in the view, got none');
    assert.equal('PRM-2', view.dryRun, false, 'dryRun of the view in a turn');
    assert.that(
      'PRM-2',
      Array.isArray(view.messages),
      'expected a message list snapshot in the view, got none',
    );
  },
});

const injectorFigures = defineCase({
  requirements: ['PRM-3'],
  name: 'a contribution’s tokens appear under its global key in parts injectors',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const probe = h.contribute(
      {
        localId: 'facts',
        bucket: 'memoryVector',
        label: 'Facts',
        build: () => 'FACT: the sky is blue on clear days.',
      },
      { plugin: 'conformance-prompt' },
    );
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const usage = assert.defined('PRM-3', usageOf(h, { sessionId: 's1' })[0], 'the token:usage event');
    const figure = usage.parts
      .map((part) => part.injectors?.[probe.key])
      .find((value) => value !== undefined);
    assert.that(
      'PRM-3',
      typeof figure === 'number' && figure > 0,
      `expected tokens under injector key "${probe.key}", got ${String(figure)}`,
    );
  },
});

/** The cases of the PRM family ([PRM-1]..[PRM-3]). */
export const PRM_CASES = [materialised, buildView, injectorFigures];
