import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { clockTool } from './support/fake-tools';
import { createHarness, humanInput } from './support/harness';
import { toolCall } from './support/scripted-model';

describe('pending insertions', () => {
  it('[SCH-2] a human input arriving during a human turn joins it before the next model call: live inputs, archived as joined, seen by that call', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [toolCall('c1', 'clock')] }, { text: 'Noon, and hi Bob.' }],
      tools: [
        clockTool(() => {
          harness.pending.push(humanInput('hi from Bob', { userId: 'u2' }));
          return '12:00';
        }),
      ],
    });
    const inputs = harness.inputs;
    const viewInputs: number[] = [];
    await harness.run({
      assembler: {
        assemble: (view) => {
          viewInputs.push(view.inputs.length);
          expect(view.inputs).toBe(inputs);
          return [];
        },
      },
    });
    expect(inputs.map((input) => input.message.content)).toEqual(['hello', 'hi from Bob']);
    expect(viewInputs).toEqual([1, 2]);
    expect(harness.persistence.callsOf('archiveJoined')).toEqual([
      { method: 'archiveJoined', turnId: 'turn-1', inputs: [inputs[1]] },
    ]);
    expect(inputs[1]?.archived?.metadata).toMatchObject({
      [Keys.TurnId]: 'turn-1',
      [Keys.TurnEntry]: 'joined',
    });
    expect(harness.model.requests[0]?.messageCopies.map((message) => message.content)).toEqual(['hello']);
    expect(
      harness.model.requests[1]?.messageCopies.map((message) => [message.role, message.content]),
    ).toEqual([
      ['user', 'hello'],
      ['assistant', ''],
      ['tool', '12:00'],
      ['user', 'hi from Bob'],
    ]);
  });

  it('[SCH-2] insertions pending before the first call join before it', async () => {
    const harness = await createHarness({ steps: [{ text: 'Hi both.' }] });
    harness.pending.push(humanInput('me too'));
    await harness.run();
    expect(harness.model.requests[0]?.messageCopies.map((message) => message.content)).toEqual([
      'hello',
      'me too',
    ]);
    expect(harness.inputs).toHaveLength(2);
  });

  it('[SCH-2] inputs the scheduler already appended to the live array are not appended twice', async () => {
    const harness = await createHarness({ steps: [{ text: 'Hi both.' }] });
    const joining = humanInput('me too');
    const options = harness.options();
    await harness.run({
      turn: {
        ...options.turn,
        takePendingInsertions: () => {
          harness.inputs.push(joining);
          return [joining];
        },
      },
    });
    expect(harness.inputs.map((input) => input.message.content)).toEqual(['hello', 'me too']);
  });

  it('[ABT-4] after an abort nothing more is taken, so the insertions stay for the next turn', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [toolCall('c1', 'clock')] }],
      tools: [
        clockTool(() => {
          harness.pending.push(humanInput('late'));
          harness.controller.abort();
          return '12:00';
        }),
      ],
    });
    const result = await harness.run();
    expect(result.outcome).toBe('aborted');
    expect(harness.pending.map((input) => input.message.content)).toEqual(['late']);
    expect(harness.persistence.callsOf('archiveJoined')).toEqual([]);
  });
});
