import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentLogger } from '@aalis/plugin-agent';
import { createActivityPrinter } from './create-activity-printer';
import { createAgentApp } from './create-agent-app';
import { createBuiltInTools } from './create-built-in-tools';
import { DEMO_MODEL_REF } from './create-demo-model';
import { createOutputLogger } from './create-output-logger';
import { createReasonRecorder } from './create-reason-recorder';
import { demoAbort } from './demo-abort';
import { demoClearing } from './demo-clearing';
import { createDemoContext } from './demo-context';
import { demoQueueing } from './demo-queueing';
import { demoToolLoop } from './demo-tool-loop';
import { demoUsageAndTimeline } from './demo-usage-and-timeline';
import type { TerminalOutput } from './terminal-output';

/** The fixed time the demo's clock tool reads, so every run prints the same. */
export const DEMO_TIME = Date.parse('2025-06-01T09:30:00Z');

/** Options of {@link runDemo}. */
export interface RunDemoOptions {
  readonly output: TerminalOutput;
  /** Keep the history in this SQLite file. Default: a file in a new temporary directory, removed at the end. */
  readonly dbPath?: string;
  /** Milliseconds between the streamed words of the story that gets stopped. Default 40. */
  readonly storyChunkDelayMs?: number;
  /** Where the agent's warnings go. Default: the output. */
  readonly logger?: AgentLogger;
  /** Ends the tour early when it aborts (a termination signal): the agent drains at once. */
  readonly signal?: AbortSignal;
}

/**
 * Runs the scripted tour of `aalis-agent demo` on the deterministic demo model (no
 * network): queueing and insertion ([SCH-2], [SCH-4]), a tool loop with call ids and a
 * failing call ([TID-3]), stopping a turn with its stop marker ([ABT-1], [ARC-9]), token
 * usage as bars ([USG-7]), the persisted timeline ([ARC-6], [ARC-8]) and clearing
 * ([CLR-1], [CLR-2]). Turn and call ids are counters and the clock is fixed, so the output
 * is the same on every run. Stops the app (draining the agent) before it resolves.
 */
export async function runDemo(options: RunDemoOptions): Promise<void> {
  const { output } = options;
  const temporary = options.dbPath === undefined ? mkdtempSync(join(tmpdir(), 'aalis-demo-')) : undefined;
  const dbPath = options.dbPath ?? join(temporary ?? '.', 'history.db');
  const logger = createReasonRecorder(options.logger ?? createOutputLogger(output));
  let turns = 0;
  let calls = 0;
  const app = createAgentApp({
    dbPath,
    output,
    model: 'scripted',
    demoModel: { storyChunkDelayMs: options.storyChunkDelayMs ?? 40 },
    tools: createBuiltInTools({ now: () => DEMO_TIME }),
    agent: { logger, createTurnId: () => `turn-${++turns}`, createCallId: () => `call-${++calls}` },
  });
  const printer = createActivityPrinter({
    hooks: app.hooks,
    events: app.events,
    output,
    archiveFeed: app.archiveFeed,
  });
  try {
    output.line(output.style.bold('aalis-agent demo: a scripted tour of the default agent'));
    output.line(
      output.style.dim(
        `model ${DEMO_MODEL_REF} (deterministic, no network); tools: ${app.tools.names().join(', ')}`,
      ),
    );
    output.line(output.style.dim(`history: ${temporary === undefined ? dbPath : 'a temporary SQLite file'}`));
    const sessionId = 'demo';
    await app.sessions.ensureSession({ id: sessionId, kind: 'console', platform: 'cli', title: 'demo' });
    const context = createDemoContext({ app, output, printer, sessionId });
    const steps = [
      demoQueueing,
      demoToolLoop,
      () => demoAbort(context, logger),
      demoUsageAndTimeline,
      demoClearing,
    ];
    // A termination signal drains the agent at once: every message of the running step settles.
    const interrupt = () => void app.app.drain().catch(() => undefined);
    options.signal?.addEventListener('abort', interrupt, { once: true });
    for (const step of steps) {
      if (options.signal?.aborted === true) break;
      await step(context);
    }
    options.signal?.removeEventListener('abort', interrupt);
    output.line();
    if (options.signal?.aborted === true) output.line(output.style.yellow('Interrupted: the agent drained.'));
    else output.line(output.style.bold(`Done: ${turns} turns, ${calls} tool calls.`));
  } finally {
    printer.dispose();
    await app.stop();
    if (temporary !== undefined) rmSync(temporary, { recursive: true, force: true });
  }
}
