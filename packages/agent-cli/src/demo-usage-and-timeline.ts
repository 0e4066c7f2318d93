import type { DemoContext } from './demo-context';
import { DemoStepError } from './demo-step-error';
import { formatTimeline } from './format-timeline';
import { formatUsageBars } from './format-usage-bars';

/**
 * Demo step: the token usage of the last model call as bars, one line per part ([USG-7]),
 * then the session's persisted timeline: turns with outcomes, inputs with how they entered,
 * tool calls with call ids, the stop marker ([ARC-2], [ARC-6], [ARC-8], [ARC-9]).
 */
export async function demoUsageAndTimeline(context: DemoContext): Promise<void> {
  context.section('Token usage', 'The input tokens of the last model call, by part (what /usage shows).');
  const usage = context.printer.lastUsage(context.sessionId);
  if (usage === undefined) throw new DemoStepError('no token:usage event was seen');
  for (const line of formatUsageBars(usage, { style: context.output.style })) context.output.line(line);
  context.section(
    'The persisted timeline',
    'What the SQLite history holds, read back as turns (what /history shows).',
  );
  const timeline = await context.app.store.timeline(context.sessionId);
  for (const line of formatTimeline(timeline, { style: context.output.style })) context.output.line(line);
}
