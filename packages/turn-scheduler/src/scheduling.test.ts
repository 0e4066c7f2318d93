import { describe, expect, it } from 'vitest';
import { createHarness, flush, human, injection } from '../test/scheduler-harness';

describe('scheduling new inputs', () => {
  it('[SCH-1] a new input never interrupts the running turn of its session', async () => {
    const harness = createHarness();
    const first = harness.submit(human('a', 'h1'));
    const turn = harness.running('a');
    harness.submit(human('a', 'h2'));
    harness.submit(injection('a', 'j1'));
    await flush();
    expect(turn.turn.signal.aborted).toBe(false);
    expect(turn.turn.stopInfo()).toBeUndefined();
    expect(turn.turn.inputs.map((message) => message.id)).toEqual(['h1']);
    expect(harness.turns).toHaveLength(1);
    turn.finish();
    await flush();
    expect(first.value).toEqual({ status: 'turn', turnId: turn.turn.turnId });
  });

  it('[SCH-2] a human input during a human turn joins the live inputs before the next model call', async () => {
    const harness = createHarness();
    const opener = harness.submit(human('a', 'h1'));
    const turn = harness.running('a');
    const inputs = turn.turn.inputs;
    const second = harness.submit(human('a', 'h2'));
    const third = harness.submit(human('a', 'h3'));
    expect(harness.scheduler.waiting('a').map((message) => message.id)).toEqual(['h2', 'h3']);

    const joined = turn.turn.takePendingInsertions();

    expect(joined.map((message) => message.id)).toEqual(['h2', 'h3']);
    expect(turn.turn.inputs).toBe(inputs);
    expect(inputs.map((message) => message.id)).toEqual(['h1', 'h2', 'h3']);
    expect(turn.turn.takePendingInsertions()).toEqual([]);
    expect(harness.lastWaiting('a')).toEqual([]);
    turn.finish();
    await flush();
    const outcome = { status: 'turn', turnId: turn.turn.turnId };
    expect([opener.value, second.value, third.value]).toEqual([outcome, outcome, outcome]);
    expect(harness.turns).toHaveLength(1);
  });

  it('[SCH-3] pending insertions of a turn with no further model call open the next turn, ahead of inputs queued after them', async () => {
    const harness = createHarness();
    harness.submit(human('a', 'h1'));
    harness.submit(human('a', 'h2'));
    harness.submit(human('a', 'h3'));
    harness.submit(injection('a', 'j1'));
    harness.running('a').finish();
    await flush();
    expect(harness.running('a').opening).toEqual(['h2', 'h3']);
    harness.running('a').finish();
    await flush();
    expect(harness.openings('a')).toEqual([['h1'], ['h2', 'h3'], ['j1']]);
  });

  it('[SCH-3] [SCH-5] a leftover pending insertion keeps its enqueue position behind an injection queued before it', async () => {
    const harness = createHarness();
    harness.submit(human('a', 'h1'));
    harness.submit(injection('a', 'j1'));
    harness.submit(human('a', 'h2'));
    expect(harness.scheduler.waiting('a').map((message) => message.id)).toEqual(['j1', 'h2']);
    harness.running('a').finish();
    await flush();
    expect(harness.running('a').opening).toEqual(['j1']);
    harness.running('a').finish();
    await flush();
    expect(harness.openings('a')).toEqual([['h1'], ['j1'], ['h2']]);
  });

  it('[SCH-2] only inputs arriving during the turn are pending insertions; humans queued before it stay queued', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j0'));
    for (const message of [human('a', 'h1'), injection('a', 'j1'), human('a', 'h2')]) harness.submit(message);
    harness.running('a').finish();
    await flush();
    const turn = harness.running('a');
    expect(turn.opening).toEqual(['h1']);
    harness.submit(human('a', 'h3'));
    expect(turn.turn.takePendingInsertions().map((message) => message.id)).toEqual(['h3']);
    expect(harness.scheduler.waiting('a').map((message) => message.id)).toEqual(['j1', 'h2']);
  });

  it('[SCH-2] a pending human input joins the turn even when an injection was queued before it', async () => {
    const harness = createHarness();
    harness.submit(human('a', 'h1'));
    harness.submit(injection('a', 'j1'));
    harness.submit(human('a', 'h2'));
    const turn = harness.running('a');
    expect(turn.turn.takePendingInsertions().map((message) => message.id)).toEqual(['h2']);
    expect(harness.lastWaiting('a')).toEqual(['j1']);
    turn.finish();
    await flush();
    expect(harness.running('a').opening).toEqual(['j1']);
  });

  it('[SCH-4] an injection forms its own turn and nothing is inserted into a turn it opened', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j1'));
    const injectionTurn = harness.running('a');
    expect(injectionTurn.turn.openedBy).toBe('injection');
    harness.submit(human('a', 'h1'));
    harness.submit(human('a', 'h2'));
    harness.submit(injection('a', 'j2'));
    expect(injectionTurn.turn.takePendingInsertions()).toEqual([]);
    expect(injectionTurn.turn.inputs.map((message) => message.id)).toEqual(['j1']);
    injectionTurn.finish();
    await flush();
    const humanTurn = harness.running('a');
    expect(humanTurn.opening).toEqual(['h1', 'h2']);
    harness.submit(injection('a', 'j3'));
    expect(humanTurn.turn.takePendingInsertions()).toEqual([]);
    humanTurn.finish();
    await flush();
    harness.running('a').finish();
    await flush();
    expect(harness.openings('a')).toEqual([['j1'], ['h1', 'h2'], ['j2'], ['j3']]);
  });

  it('[SCH-5] turns of one session run one at a time in enqueue order while sessions run concurrently', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'a1'));
    harness.submit(injection('b', 'b1'));
    harness.submit(injection('a', 'a2'));
    harness.submit(injection('a', 'a3'));
    expect(harness.isRunning('a') && harness.isRunning('b')).toBe(true);
    expect(harness.turns).toHaveLength(2);
    for (let step = 0; step < 3; step++) {
      expect(harness.turns.filter((turn) => turn.turn.sessionId === 'a' && !turn.ended)).toHaveLength(1);
      harness.running('a').finish();
      await flush();
    }
    expect(harness.openings('a')).toEqual([['a1'], ['a2'], ['a3']]);
    expect(harness.isRunning('b')).toBe(true);
  });

  it('[SCH-6] a turn opening from the queue takes the head and every human input directly behind it', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j0'));
    for (const message of [human('a', 'h1'), human('a', 'h2'), injection('a', 'j1'), human('a', 'h3')]) {
      harness.submit(message);
    }
    for (let step = 0; step < 4; step++) {
      harness.running('a').finish();
      await flush();
    }
    expect(harness.openings('a')).toEqual([['j0'], ['h1', 'h2'], ['j1'], ['h3']]);
    expect(harness.turns.map((turn) => turn.turn.openedBy)).toEqual([
      'injection',
      'human',
      'injection',
      'human',
    ]);
  });

  it('[SCH-7] all inputs of one turn share session and kind', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j0'));
    harness.submit(injection('b', 'k0'));
    for (const message of [human('a', 'h1'), human('b', 'g1'), injection('a', 'j1'), human('a', 'h2')]) {
      harness.submit(message);
    }
    while (harness.turns.some((turn) => !turn.ended)) {
      for (const turn of harness.turns.filter((candidate) => !candidate.ended)) {
        turn.turn.takePendingInsertions();
        turn.finish();
      }
      await flush();
    }
    for (const { turn } of harness.turns) {
      expect(new Set(turn.inputs.map((message) => message.sessionId))).toEqual(new Set([turn.sessionId]));
      expect(new Set(turn.inputs.map((message) => message.source))).toHaveProperty('size', 1);
    }
    expect(harness.turns).toHaveLength(6);
  });

  it('[SCH-8] queue events list waiting inputs in enqueue order on enqueue, entry into a turn and release', async () => {
    const harness = createHarness();
    harness.submit(human('a', 'h1'));
    expect(harness.queueEvents).toEqual([]);
    harness.submit(injection('a', 'j1'));
    harness.submit(human('a', 'h2'));
    harness.submit(injection('a', 'j2'));
    harness.running('a').turn.takePendingInsertions();
    harness.running('a').finish();
    await flush();
    harness.scheduler.abort('a', { queued: true });
    await flush();
    const lists = harness.queueEvents.map((event) => event.waiting.map((message) => message.id));
    expect(lists).toEqual([['j1'], ['j1', 'h2'], ['j1', 'h2', 'j2'], ['j1', 'j2'], ['j2'], []]);
    expect(harness.queueEvents.every((event) => event.sessionId === 'a')).toBe(true);
  });

  it('[TID-1] every turn gets a fresh unique id and its own signal', async () => {
    const harness = createHarness();
    for (let index = 0; index < 5; index++) harness.submit(injection('a', `j${index}`));
    harness.submit(injection('b', 'k0'));
    while (harness.turns.some((turn) => !turn.ended)) {
      for (const turn of harness.turns.filter((candidate) => !candidate.ended)) turn.finish();
      await flush();
    }
    const ids = harness.turns.map((turn) => turn.turn.turnId);
    expect(new Set(ids).size).toBe(6);
    expect(new Set(harness.turns.map((turn) => turn.turn.signal)).size).toBe(6);
  });

  it('uses the caller’s createTurnId', async () => {
    let counter = 0;
    const harness = createHarness({ createTurnId: () => `turn-${++counter}` });
    harness.submit(injection('a', 'j1'));
    harness.submit(injection('a', 'j2'));
    harness.running('a').finish();
    await flush();
    expect(harness.turns.map((turn) => turn.turn.turnId)).toEqual(['turn-1', 'turn-2']);
  });
});
