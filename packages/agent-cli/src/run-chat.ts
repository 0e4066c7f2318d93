import { createInterface, type Interface } from 'node:readline';
import type { MessageActor } from '@aalis/schema-message';
import { createActivityPrinter } from './create-activity-printer';
import type { AgentApp } from './create-agent-app';
import { type ChatLine, parseChatLine } from './parse-chat-line';
import { type ChatCommandContext, runChatCommand } from './run-chat-command';
import type { TerminalOutput } from './terminal-output';

/** Options of {@link runChat}. */
export interface RunChatOptions {
  readonly app: AgentApp;
  /** The typed lines (the terminal, or any readable stream). */
  readonly input: NodeJS.ReadableStream;
  readonly output: TerminalOutput;
  /** The conversation. Default `cli`. */
  readonly sessionId?: string;
  /** Who types. Default `{ id: 'user' }`. */
  readonly user?: MessageActor;
  /**
   * Whether `input` is an interactive terminal: a `you›` prompt is shown, typed lines are not
   * echoed again, Ctrl-C stops the running turn (and leaves when none runs). Default `false`.
   */
  readonly terminal?: boolean;
  /**
   * Read the next line only once the previous message's turn ended (for scripts piped in).
   * Default: `true` unless `terminal`.
   */
  readonly sequential?: boolean;
  /** Stops reading when it aborts (a termination signal): `runChat` then resolves once the sent messages settled. */
  readonly stop?: AbortSignal;
}

interface ChatState {
  readonly context: ChatCommandContext;
  readonly lines: Interface;
  readonly inFlight: Set<Promise<void>>;
  readonly terminal: boolean;
  readonly sequential: boolean;
}

/**
 * Runs `aalis-agent chat` over a stream of lines. Lines beginning with `/` are commands
 * (see `parseChatLine` and `runChatCommand`); other lines go to the agent. Interactively a
 * message does not wait for the previous turn, so one typed during a turn joins it
 * ([SCH-2]) while the reply streams in, and `/stop` can stop it. Resolves after `/exit` at
 * once, or at the end of the input once every sent message settled. The app is left
 * running; stop it afterwards (`AgentApp.stop` drains the agent).
 */
export async function runChat(options: RunChatOptions): Promise<void> {
  const { app, output } = options;
  const sessionId = options.sessionId ?? 'cli';
  const terminal = options.terminal ?? false;
  await app.sessions.ensureSession({ id: sessionId, kind: 'console', platform: 'cli' });
  const printer = createActivityPrinter({
    hooks: app.hooks,
    events: app.events,
    output,
    archiveFeed: app.archiveFeed,
  });
  const lines = createInterface({
    input: options.input,
    terminal,
    ...(terminal ? { output: process.stdout } : {}),
  });
  const context = { app, output, printer, sessionId, user: options.user ?? { id: 'user' } };
  const state: ChatState = {
    context,
    lines,
    inFlight: new Set(),
    terminal,
    sequential: options.sequential ?? !terminal,
  };
  lines.setPrompt('you› ');
  lines.on('SIGINT', () => {
    if (state.inFlight.size > 0) app.agent.abort(sessionId, { by: context.user, reason: 'Ctrl-C' });
    else lines.close();
  });
  output.line(output.style.dim(`session ${sessionId} · /help lists the commands`));
  const closeOnStop = () => lines.close();
  if (options.stop?.aborted === true) closeOnStop();
  else options.stop?.addEventListener('abort', closeOnStop, { once: true });
  prompt(state);
  try {
    for await (const line of lines) {
      if ((await handleLine(state, parseChatLine(line))) === 'exit') return;
      prompt(state);
    }
    await Promise.all(state.inFlight);
  } finally {
    options.stop?.removeEventListener('abort', closeOnStop);
    lines.close();
    printer.dispose();
  }
}

async function handleLine(state: ChatState, parsed: ChatLine): Promise<'exit' | undefined> {
  const { output } = state.context;
  if (parsed.type === 'message') {
    if (!state.terminal) output.line(`${output.style.bold(output.style.cyan('you›'))} ${parsed.text}`);
    const sent = send(state.context, parsed.text);
    state.inFlight.add(sent);
    void sent.finally(() => {
      state.inFlight.delete(sent);
      prompt(state);
    });
    if (state.sequential) await sent;
  } else if (parsed.type === 'command') {
    if (parsed.command === 'exit') return 'exit';
    await runChatCommand(state.context, parsed.command, parsed.argument).catch((error: unknown) => {
      output.line(output.style.red(`/${parsed.command} failed: ${describe(error)}`));
    });
  } else if (parsed.type === 'unknown-command') {
    output.line(output.style.yellow(`unknown command /${parsed.name}; /help lists the commands`));
  }
  return undefined;
}

function prompt(state: ChatState): void {
  if (state.terminal && state.inFlight.size === 0) state.lines.prompt();
}

function send(context: ChatCommandContext, text: string): Promise<void> {
  const { user } = context;
  return context.app.agent
    .handleMessage({
      content: text,
      sessionId: context.sessionId,
      platform: 'cli',
      userId: user.id,
      ...(user.name === undefined ? {} : { nickname: user.name }),
      actor: user,
    })
    .catch((error: unknown) => {
      context.output.line(context.output.style.red(`not sent: ${describe(error)}`));
    });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
