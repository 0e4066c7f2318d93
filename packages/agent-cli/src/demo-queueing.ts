import type { DemoContext } from './demo-context';
import { waitForEvent } from './wait-for-event';

/**
 * Demo step: a human message opens a turn; while its first tool call waits, a second
 * human message and a reminder (an injection) arrive. The human one joins the running turn
 * before its next model call ([SCH-2]); the reminder waits and forms its own turn ([SCH-4]).
 */
export async function demoQueueing(context: DemoContext): Promise<void> {
  context.section(
    'Queueing and insertion',
    'A message opens a turn. While its clock tool runs, two more inputs arrive: a human message',
    'joins the running turn before its next model call; a reminder (an injection) waits for a turn of its own.',
  );
  const { hooks, events } = context.app;
  const pending: Promise<void>[] = [];
  let fired = false;
  const dispose = hooks.middleware('agent:tool:before', async (_payload, next) => {
    if (!fired) {
      fired = true;
      const bothWaiting = waitForEvent({
        events,
        name: 'agent:queue',
        accept: (event) => event.sessionId === context.sessionId && event.waiting.length >= 2,
        what: 'the two inputs waiting in the queue',
      });
      pending.push(context.send('And what is 12*7?'));
      pending.push(context.send('Reminder: stretch your legs.', { kind: 'reminder', label: 'reminder' }));
      await bothWaiting;
    }
    await next();
  });
  try {
    await context.send('What time is it?');
    await Promise.all(pending);
  } finally {
    dispose();
  }
}
