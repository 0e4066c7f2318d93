import type { TurnInput } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import type { Message } from '@aalis/schema-message';
import { WellKnownMetadataKeys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { assemblerApp, controlledSpec, promptPlugin, textSpec, turnInput } from '../test/fixtures';

const injector = WellKnownMetadataKeys.Injector;

describe('materialising agent:prompt contributions', () => {
  it('[PRM-1] turns contributions made through core into messages tagged with their injector', async () => {
    const { app, assembler } = assemblerApp();
    app.plugin(
      promptPlugin('@acme/plugin-memory', [
        textSpec('summary', 'Earlier: the user planned a trip.', {
          bucket: 'memorySummary',
          label: 'Summary',
        }),
      ]),
    );
    const assembly = await assembler.assemble({ sessionId: 's1', inputs: [turnInput('hi')] });
    expect(assembly.failures).toEqual([]);
    expect(assembly.messages).toEqual([
      {
        role: 'system',
        content: 'Earlier: the user planned a trip.',
        metadata: { [injector]: '@acme/plugin-memory#1/summary' },
      },
    ]);
    expect(assembly.blocks).toMatchObject([
      {
        key: '@acme/plugin-memory#1/summary',
        localId: 'summary',
        bucket: 'memorySummary',
        label: 'Summary',
        order: 0,
        volatile: false,
        messages: assembly.messages,
      },
    ]);
  });

  it('[PRM-3] keys each block pluginInstanceId/localId with the spec local id, per plugin instance', async () => {
    const { app, assembler } = assemblerApp();
    app.plugin(promptPlugin('@acme/plugin-skills', [textSpec('skills', 'A'), textSpec('tools', 'B')]));
    app.plugin(promptPlugin('@acme/plugin-skills', [textSpec('skills', 'C')]));
    const assembly = await assembler.assemble({ sessionId: 's1' });
    expect(assembly.blocks.map((block) => block.key)).toEqual([
      '@acme/plugin-skills#1/skills',
      '@acme/plugin-skills#1/tools',
      '@acme/plugin-skills#2/skills',
    ]);
  });

  it('[PRM-1] builds every contribution concurrently: all builds start before any finishes', async () => {
    const { app, assembler } = assemblerApp();
    const first = controlledSpec('first');
    const second = controlledSpec('second');
    app.plugin(promptPlugin('@acme/plugin-a', [first.spec, second.spec]));
    const call = assembler.assemble({ sessionId: 's1' });
    await Promise.resolve();
    expect([first.pending.length, second.pending.length]).toEqual([1, 1]);
    second.pending[0]?.resolve('second text');
    first.pending[0]?.resolve('first text');
    const assembly = await call;
    expect(assembly.messages.map((message) => message.content)).toEqual(['first text', 'second text']);
  });

  it('places stable blocks first and volatile ones last, each group by order then registration', async () => {
    const { app, assembler } = assemblerApp();
    app.plugin(
      promptPlugin('@acme/plugin-a', [
        textSpec('clock', 'It is noon.', { volatile: true }),
        textSpec('persona', 'You are Aalis.', { order: -10, bucket: 'persona' }),
        textSpec('recall', 'Recalled: tea.', { volatile: true, order: -5, bucket: 'memoryVector' }),
        textSpec('skills', 'Skill list.', { bucket: 'skills' }),
      ]),
    );
    app.plugin(promptPlugin('@acme/plugin-b', [textSpec('platform', 'On QQ.', { bucket: 'platform' })]));
    const assembly = await assembler.assemble({ sessionId: 's1' });
    expect(assembly.blocks.map((block) => block.localId)).toEqual([
      'persona',
      'skills',
      'platform',
      'recall',
      'clock',
    ]);
  });

  it('keeps the messages a contribution returns, in its order, each tagged with its injector', async () => {
    const { app, assembler } = assemblerApp();
    const examples: ChatMessage[] = [
      { role: 'user', content: 'Example question' },
      { role: 'assistant', content: 'Example answer' },
    ];
    app.plugin(
      promptPlugin('@acme/plugin-examples', [
        { localId: 'shots', bucket: 'skills', label: 'Examples', build: () => examples },
      ]),
    );
    const assembly = await assembler.assemble({ sessionId: 's1' });
    expect(assembly.messages).toEqual(
      examples.map((message) => ({ ...message, metadata: { [injector]: '@acme/plugin-examples#1/shots' } })),
    );
  });

  it('leaves out contributions that build nothing, blank text or an empty list, without failures', async () => {
    const { app, assembler, warnings } = assemblerApp();
    app.plugin(
      promptPlugin('@acme/plugin-a', [
        textSpec('kept', 'Kept.'),
        { localId: 'none', bucket: 'skills', label: 'none', build: () => undefined },
        textSpec('blank', '  \n '),
        { localId: 'empty', bucket: 'skills', label: 'empty', build: async () => [] },
      ]),
    );
    const assembly = await assembler.assemble({ sessionId: 's1' });
    expect(assembly.blocks.map((block) => block.localId)).toEqual(['kept']);
    expect(assembly.failures).toEqual([]);
    expect(warnings).toEqual([]);
  });
});

describe('the view a contribution builds from', () => {
  it('[PRM-2] holds the session id, platform, turn id, live inputs, signal, dry-run flag and messages', async () => {
    const { app, assembler } = assemblerApp();
    const probe = controlledSpec('probe');
    app.plugin(promptPlugin('@acme/plugin-profile', [probe.spec]));
    const archived: Message = {
      id: 'm1',
      sessionId: 's1',
      role: 'user',
      content: 'hello',
      metadata: {},
      createdAt: 1,
    };
    const inputs: TurnInput[] = [{ ...turnInput('hello'), archived }];
    const history: ChatMessage[] = [{ role: 'user', content: 'hello' }];
    const turn = new AbortController();
    const call = assembler.assemble({
      sessionId: 's1',
      platform: 'qq',
      turnId: 't1',
      inputs,
      signal: turn.signal,
      messages: history,
    });
    await Promise.resolve();
    const view = probe.views[0];
    expect(view).toMatchObject({ sessionId: 's1', platform: 'qq', turnId: 't1', dryRun: false });
    expect(view?.inputs).toBe(inputs);
    expect(view?.inputs[0]?.archived).toBe(archived);
    expect(view?.messages).toEqual(history);
    expect(view?.signal.aborted).toBe(false);
    probe.pending[0]?.resolve(undefined);
    await call;
  });

  it('[PRM-2] shows inputs joined and archived after the call began, since inputs is the live array', async () => {
    const { app, assembler } = assemblerApp();
    const probe = controlledSpec('probe');
    app.plugin(promptPlugin('@acme/plugin-profile', [probe.spec]));
    const first = turnInput('first');
    const inputs: TurnInput[] = [first];
    const call = assembler.assemble({ sessionId: 's1', inputs });
    await Promise.resolve();
    const joined = turnInput('joined', { userId: 'u2' });
    inputs.push(joined);
    first.archived = {
      id: 'm1',
      sessionId: 's1',
      role: 'user',
      content: 'first',
      metadata: {},
      createdAt: 1,
    };
    expect(probe.views[0]?.inputs.map((input) => input.message.userId)).toEqual(['u1', 'u2']);
    expect(probe.views[0]?.inputs[0]?.archived?.id).toBe('m1');
    probe.pending[0]?.resolve(undefined);
    await call;
  });

  it('[PRM-2] gives a frozen snapshot of the message list that later edits of the list do not change', async () => {
    const { app, assembler } = assemblerApp();
    const probe = controlledSpec('probe');
    app.plugin(promptPlugin('@acme/plugin-profile', [probe.spec]));
    const history: ChatMessage[] = [{ role: 'user', content: 'one' }];
    const call = assembler.assemble({ sessionId: 's1', messages: history });
    await Promise.resolve();
    history.push({ role: 'assistant', content: 'two' });
    const snapshot = probe.views[0]?.messages ?? [];
    expect(snapshot.map((message) => message.content)).toEqual(['one']);
    expect(Object.isFrozen(snapshot)).toBe(true);
    expect(Object.isFrozen(probe.views[0])).toBe(true);
    probe.pending[0]?.resolve(undefined);
    await call;
  });

  it('[PRM-2] shares a list that is frozen already instead of copying it, and every build gets its own signal', async () => {
    const { app, assembler } = assemblerApp();
    const first = controlledSpec('first');
    const second = controlledSpec('second');
    app.plugin(promptPlugin('@acme/plugin-profile', [first.spec, second.spec]));
    const history: readonly ChatMessage[] = Object.freeze([{ role: 'user', content: 'one' }]);
    const call = assembler.assemble({ sessionId: 's1', messages: history });
    await Promise.resolve();
    const [left, right] = [first.views[0], second.views[0]];
    expect(left?.messages).toBe(history);
    expect(right?.messages).toBe(history);
    expect(left?.signal).toBeInstanceOf(AbortSignal);
    expect(left?.signal).not.toBe(right?.signal);
    expect(left?.signal).toBe(left?.signal);
    first.pending[0]?.resolve(undefined);
    second.pending[0]?.resolve(undefined);
    await call;
  });
});

describe('contributions changing while the app runs', () => {
  it('applies a contribution added while the app runs from the next model call', async () => {
    const { app, assembler } = assemblerApp();
    app.plugin(promptPlugin('@acme/plugin-a', [textSpec('early', 'Early.')]));
    expect((await assembler.assemble({ sessionId: 's1' })).blocks.map((block) => block.localId)).toEqual([
      'early',
    ]);
    app.plugin(promptPlugin('@acme/plugin-b', [textSpec('late', 'Late.')]));
    expect((await assembler.assemble({ sessionId: 's1' })).blocks.map((block) => block.localId)).toEqual([
      'early',
      'late',
    ]);
  });

  it('applies a disposal from the next model call; a call already building keeps the contribution', async () => {
    const { app, assembler } = assemblerApp();
    const slow = controlledSpec('slow');
    const instance = app.plugin(promptPlugin('@acme/plugin-slow', [slow.spec]));
    const inFlight = assembler.assemble({ sessionId: 's1' });
    await Promise.resolve();
    await instance.dispose();
    slow.pending[0]?.resolve('Still here.');
    expect((await inFlight).blocks.map((block) => block.key)).toEqual(['@acme/plugin-slow#1/slow']);
    expect((await assembler.assemble({ sessionId: 's1' })).blocks).toEqual([]);
    expect(slow.pending).toHaveLength(1);
  });

  it('starts a contribution added during a call only in the next call', async () => {
    const { app, assembler } = assemblerApp();
    const slow = controlledSpec('slow');
    app.plugin(promptPlugin('@acme/plugin-slow', [slow.spec]));
    const inFlight = assembler.assemble({ sessionId: 's1' });
    await Promise.resolve();
    const added = controlledSpec('added');
    app.plugin(promptPlugin('@acme/plugin-added', [added.spec]));
    slow.pending[0]?.resolve('Slow.');
    expect((await inFlight).blocks.map((block) => block.localId)).toEqual(['slow']);
    expect(added.pending).toHaveLength(0);
  });
});
