import type { TurnInput } from '@aalis/api-agent';
import { createHooksService } from '@aalis/api-hooks';
import { createApp, type EventBus, events } from '@aalis/core';
import { WellKnownMetadataKeys as Keys, type Message } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { createRecordingOutput } from '../test/recording-output';
import { createActivityPrinter } from './create-activity-printer';
import type { AppendListener, ArchiveFeed } from './observe-archive';

/** A printer over real hooks and events, with a feed the test appends to by hand. */
function setUp() {
  const recording = createRecordingOutput();
  const hooks = createHooksService();
  const bus: EventBus = createApp().service(events).use;
  const listeners: AppendListener[] = [];
  const archiveFeed: ArchiveFeed = {
    onAppended: (listener) => {
      listeners.push(listener);
      return () => undefined;
    },
  };
  const printer = createActivityPrinter({ hooks, events: bus, output: recording.output, archiveFeed });
  const input: TurnInput = { message: { content: 'hi', sessionId: 's', platform: 'cli', userId: 'ann' } };
  return {
    recording,
    hooks,
    bus,
    printer,
    startTurn: () => hooks.run('agent:turn:before', { turnId: 't1', sessionId: 's', inputs: [input] }),
    stream: (type: 'content' | 'reasoning', text: string) =>
      bus.emit('outbound:stream', { chunk: { type, sessionId: 's', turnId: 't1', text } }),
    append: (messages: readonly Message[]) => {
      for (const listener of listeners) listener('s', messages);
    },
  };
}

/** A stored tool-call group of turn `t1`: the assistant's calls and one result per call. */
function toolGroup(
  calls: readonly { id: string; name: string; args: string; callId: string; result: string }[],
) {
  const stored = (message: Omit<Message, 'id' | 'sessionId' | 'createdAt'>, index: number): Message => ({
    id: `m${index}`,
    sessionId: 's',
    createdAt: 0,
    ...message,
  });
  return [
    stored(
      {
        role: 'assistant',
        content: '',
        toolCalls: calls.map((call) => ({ id: call.id, name: call.name, arguments: call.args })),
        metadata: { [Keys.TurnId]: 't1' },
      },
      0,
    ),
    ...calls.map((call, index) =>
      stored(
        {
          role: 'tool',
          content: call.result,
          toolCallId: call.id,
          metadata: { [Keys.TurnId]: 't1', [Keys.CallId]: call.callId },
        },
        index + 1,
      ),
    ),
  ];
}

describe('createActivityPrinter', () => {
  it('marks streamed reasoning apart from the reply without colour: its own prefix, … on further lines', async () => {
    const { recording, startTurn, stream } = setUp();
    await startTurn();
    await stream('reasoning', 'The user says hi.\nA gree');
    await stream('reasoning', 'ting needs\n');
    await stream('reasoning', 'a greeting.');
    await stream('content', 'Hello');
    await stream('content', ' Ann!');
    expect(recording.text()).toContain(
      'aalis (thinking)› The user says hi.\n… A greeting needs\n… a greeting.\naalis› Hello Ann!',
    );
  });

  it('starts reasoning anew with its prefix after a tool line', async () => {
    const { recording, startTurn, stream, bus } = setUp();
    await startTurn();
    await stream('reasoning', 'I need the time.');
    await bus.emit('tool:execute', {
      name: 'clock',
      args: {},
      toolCallContext: {
        sessionId: 's',
        turnId: 't1',
        callId: 'c1',
        platform: 'cli',
        acceptsImages: false,
        signal: new AbortController().signal,
      },
    });
    await stream('reasoning', 'It is noon.');
    expect(recording.text()).toContain(
      'aalis (thinking)› I need the time.\n  ⚙ clock {} [c1]\naalis (thinking)› It is noon.',
    );
  });

  it('shows a call that never ran, with its failed result, once its tool-call group is stored', async () => {
    const { recording, startTurn, append } = setUp();
    await startTurn();
    append(
      toolGroup([
        {
          id: 'w',
          name: 'weather',
          args: '{"city": "Paris"}',
          callId: 'c1',
          result: 'Error: there is no tool named "weather" (available: clock).',
        },
      ]),
    );
    expect(recording.text()).toContain(
      '  ⚙ weather {"city": "Paris"} [c1]\n  ↳ [c1] Error: there is no tool named "weather" (available: clock).\n',
    );
  });

  it('does not show again a call whose hook and event already showed it', async () => {
    const { recording, startTurn, append, bus, hooks } = setUp();
    await startTurn();
    const toolCallContext = {
      sessionId: 's',
      turnId: 't1',
      callId: 'c1',
      platform: 'cli',
      acceptsImages: false,
      signal: new AbortController().signal,
    };
    await bus.emit('tool:execute', { name: 'clock', args: {}, toolCallContext });
    await hooks.run('agent:tool:after', {
      name: 'clock',
      result: { content: 'noon' },
      toolCallContext,
      metadata: {},
    });
    append(toolGroup([{ id: 'k', name: 'clock', args: '{}', callId: 'c1', result: 'noon' }]));
    expect(recording.text().match(/⚙ clock/g)).toHaveLength(1);
    expect(recording.text().match(/↳ \[c1\] noon/g)).toHaveLength(1);
  });

  it('ignores stored messages of a turn it did not see start (a recovered cut turn)', async () => {
    const { recording, append } = setUp();
    append(toolGroup([{ id: 'w', name: 'weather', args: '{}', callId: 'c9', result: 'Error: cut' }]));
    expect(recording.text()).not.toContain('weather');
  });
});
