import type { DemoContext } from './demo-context';

/**
 * Demo step: `/clear` stops and holds the session, clears its history, then processes the
 * message that arrived during the hold, so its reply is not erased ([CLR-1], [CLR-2]).
 */
export async function demoClearing(context: DemoContext): Promise<void> {
  context.section(
    'Clearing the history',
    'The session is stopped and held while its history is cleared. A message that arrives meanwhile',
    'waits, and is answered after the clear, so its reply survives.',
  );
  const { app, output, sessionId } = context;
  const before = await app.store.countHistory(sessionId);
  let late: Promise<void> | undefined;
  output.line(
    `${output.style.yellow('/clear')} ${output.style.dim(`(the history holds ${before} messages)`)}`,
  );
  await app.clearHistory([sessionId], {
    reason: 'demo: /clear',
    onHold: () => {
      late = context.send('Hello again!');
      output.line(output.style.dim('· it arrived during the clear: it waits until the history is cleared'));
    },
  });
  await late;
  const after = await app.store.countHistory(sessionId);
  output.line(`history now: ${after} messages (the message that waited, and its reply)`);
}
