import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import {
  deleteWhileHeld,
  endMarkers,
  holdClearing,
  letGoDuringClearing,
  sendHuman,
  session,
} from './scenario';

// Where an input a preprocessor drops meets a deletion of its session or a clearing that holds it.

/** A step of `agent:input:before`: a preprocessor, or another plugin's middleware around the message. */
type HeldStep = (message: { readonly content: string }, next: () => Promise<void>) => Promise<void>;

interface HoldAndDrop {
  readonly sessionId: string;
  readonly content: string;
  /** Whether a clearing holds the session as the input arrives: the agent may hold it before its processing. */
  readonly arrivesHeld: boolean;
  /** Installs the step, as a preprocessor or as another plugin's middleware. */
  readonly register: (step: HeldStep) => void;
}

/**
 * Sends `content` through an `agent:input:before` step that holds it until the returned gate
 * opens, then drops it (does not call `next`). Resolves once the input is held, or once the agent
 * is quiet when a clearing held the session as it arrived.
 */
async function holdAndDrop(context: CaseContext, hold: HoldAndDrop) {
  const h = context.harness;
  const gate = createGate();
  let reached = false;
  hold.register(async (message, next) => {
    if (message.content !== hold.content) return next();
    reached = true;
    h.tick();
    await gate.opened;
  });
  const input = sendHuman(context, hold.sessionId, hold.content);
  if (hold.arrivesHeld) await h.settle();
  else await h.until(() => reached, 'the agent:input:before step to hold the input');
  return { gate, input };
}

/**
 * An input held in `agent:input:before` and then dropped by the step that held it (nothing else
 * of the session waiting or running): after its session was deleted while it was held (the
 * generation moves on and `session:deleted` is emitted), or, for `clearing`, while a clearing of
 * the session holds it (the input arrives once `clear()` runs and is dropped before it ends).
 * The session is its own (`deletion-s1`, `clearing-s1`); resolves with its stream end markers.
 */
async function dropWhenStopped(
  context: CaseContext,
  stop: 'deletion' | 'clearing',
  register: (step: HeldStep) => void,
): Promise<number> {
  const h = context.harness;
  const sessionId = session(h, `${stop}-s1`);
  const content = `dropped after a ${stop} of its session`;
  if (stop === 'deletion') {
    const held = await holdAndDrop(context, { sessionId, content, arrivesHeld: false, register });
    await deleteWhileHeld(context, sessionId, held);
  } else {
    const clearing = await holdClearing(context, [sessionId]);
    const held = await holdAndDrop(context, { sessionId, content, arrivesHeld: true, register });
    // Dropped while clear() runs, if the agent let the input into its processing during the hold.
    await letGoDuringClearing(context, held, clearing);
  }
  await h.settle();
  return endMarkers(h, sessionId).length;
}

/**
 * [PRE-1] A preprocessor that does not call `next` drops its input, and the agent still sends the
 * input's stream end marker (「不调 next 即丢掉它(不进一轮、不归档,agent 照发流结束标记)」), also when
 * the preprocessor decides after its session was deleted, or while a clearing holds the session.
 * The mistakes this tells apart end the stream of a dropped input only while the session's
 * generation is the one it arrived in (a deleted session taken to have no stream left to end), or
 * only while no clearing holds the session (its stream taken to be reset by the clearing).
 */
const preprocessorDropAfterStop = defineCase({
  requirements: ['PRE-1'],
  name: 'an input a preprocessor drops after its session was deleted, or while a clearing holds it, still gets its stream end marker',
  requires: ['preprocessors'],
  run: async (context) => {
    for (const stop of ['deletion', 'clearing'] as const) {
      const ends = await dropWhenStopped(context, stop, (step) => {
        context.agent.registerPreprocessor(`drop-after-${stop}`, step);
      });
      assert.equal('PRE-1', ends, 1, {
        rule: `an input a preprocessor drops must still get its stream end marker, also ${stop === 'deletion' ? 'once its session was deleted' : 'while a clearing holds its session'}`,
        subject: `the stream end markers of ${stop}-s1 after its only input was dropped by a preprocessor`,
      });
    }
  },
});

/** A preprocessor's drop meeting a deletion or a clearing's hold ([PRE-1]). */
export const PRE_DROPS_MEET_STOPS_CASES = [preprocessorDropAfterStop];
