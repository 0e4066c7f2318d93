import { createGate } from '@aalis/agent-conformance/testing';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { createHarness, humanInput } from './support/harness';
import { clockTool } from './support/tools';

describe('pending insertions', () => {
  it('[SCH-2] a human input arriving during a human turn joins it before the next model call: live inputs, archived as joined, seen by that call', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { text: 'Noon, and hi Bob.' }],
    });
    const bobArrived = createGate();
    const clock = harness.tools.define(clockTool([{ waitFor: bobArrived, result: '12:00' }]));
    const inputs = harness.inputs;
    const viewInputs: number[] = [];
    const running = harness.run({
      assembler: {
        assemble: (view) => {
          viewInputs.push(view.inputs.length);
          expect(view.inputs).toBe(inputs);
          return [];
        },
      },
    });
    // Bob's input arrives while the tool runs.
    await clock.started();
    harness.pending.push(humanInput('hi from Bob', { userId: 'u2' }));
    bobArrived.open();
    await running;
    expect(inputs.map((input) => input.message.content)).toEqual(['hello', 'hi from Bob']);
    expect(viewInputs).toEqual([1, 2]);
    expect(harness.persistence.callsOf('archiveJoined')).toEqual([
      { method: 'archiveJoined', inputs: [inputs[1]] },
    ]);
    expect(inputs[1]?.archived?.metadata).toMatchObject({
      [Keys.TurnId]: 'turn-1',
      [Keys.TurnEntry]: 'joined',
    });
    expect(harness.model.requests[0]?.messages.map((message) => message.content)).toEqual(['hello']);
    expect(harness.model.requests[1]?.messages.map((message) => [message.role, message.content])).toEqual([
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
    expect(harness.model.requests[0]?.messages.map((message) => message.content)).toEqual([
      'hello',
      'me too',
    ]);
    expect(harness.inputs).toHaveLength(2);
  });

  it('[SCH-2] the loop leaves the live inputs to the scheduler: it appends nothing itself', async () => {
    const harness = await createHarness({ steps: [{ text: 'Hi both.' }] });
    const joining = humanInput('me too');
    const options = harness.options();
    await harness.run({ turn: { ...options.turn, takePendingInsertions: () => [joining] } });
    expect(harness.inputs.map((input) => input.message.content)).toEqual(['hello']);
    expect(harness.model.requests[0]?.messages.map((message) => message.content)).toEqual([
      'hello',
      'me too',
    ]);
    expect(harness.persistence.callsOf('archiveJoined')).toHaveLength(1);
  });

  it('[ABT-4] after an abort nothing more is taken, so the insertions stay for the next turn', async () => {
    const harness = await createHarness({ steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }] });
    const clock = harness.tools.define(clockTool([{ untilAborted: true }]));
    const running = harness.run();
    // While the tool runs, an input arrives and the turn is aborted.
    await clock.started();
    harness.pending.push(humanInput('late'));
    harness.controller.abort();
    const result = await running;
    expect(result.outcome).toBe('aborted');
    expect(harness.pending.map((input) => input.message.content)).toEqual(['late']);
    expect(harness.persistence.callsOf('archiveJoined')).toEqual([]);
  });
});
