import { DEMO_USER, type DemoContext } from './demo-context';
import { waitForEvent } from './wait-for-event';

const WORDS_BEFORE_STOP = 3;

/**
 * Demo step: a long streamed reply is stopped after a few words with `abort` ([ABT-1]); the
 * aborted turn leaves a stop marker naming who stopped it ([ARC-9]), which the next turn's
 * model reads. The reason appears only in the turn-end log line ([ABT-5]).
 */
export async function demoAbort(
  context: DemoContext,
  log: { readonly reasons: () => readonly string[] },
): Promise<void> {
  context.section(
    'Stopping a turn',
    `The model streams a long story; after ${WORDS_BEFORE_STOP} words the demo stops the turn (what /stop does).`,
    'The aborted turn leaves a stop marker in the history, and the next model call sees it.',
  );
  const { events, agent } = context.app;
  let words = 0;
  let stopped: boolean | undefined;
  const aborted = waitForEvent({
    events,
    name: 'outbound:stream',
    // Stops inside the listener, synchronously with the third word, so exactly three are shown.
    accept: ({ chunk }) => {
      if (chunk.sessionId !== context.sessionId || chunk.type !== 'content') return false;
      words += 1;
      if (words === WORDS_BEFORE_STOP) {
        stopped = agent.abort(context.sessionId, {
          by: { ...DEMO_USER },
          reason: 'demo: stop after three words',
        });
      }
      return words === WORDS_BEFORE_STOP;
    },
    what: `${WORDS_BEFORE_STOP} streamed words of the story`,
  });
  const story = context.send('Tell me a long story.');
  await aborted;
  context.output.line(context.output.style.yellow(`/stop → abort() returned ${String(stopped)}`));
  await story;
  const reason = log.reasons().at(-1);
  if (reason !== undefined)
    context.output.line(context.output.style.dim(`· the reason is only in the log: "${reason}"`));
  await context.send('Are you still there?');
}
