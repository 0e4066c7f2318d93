import type { AgentQueueEvent, AgentTurnAfterPayload, TokenUsageEvent, TurnInput } from '@aalis/api-agent';
import type { HooksService } from '@aalis/api-hooks';
import type { EventBus } from '@aalis/core';
import type { IncomingMessage, TurnOutcome } from '@aalis/schema-message';
import { displayText } from './display-text';
import { oneLine } from './one-line';
import type { TerminalOutput } from './terminal-output';

/** Options of {@link createActivityPrinter}. */
export interface ActivityPrinterOptions {
  readonly hooks: HooksService;
  readonly events: EventBus;
  readonly output: TerminalOutput;
  /** The name shown before the assistant's text. Default `aalis`. */
  readonly assistantName?: string;
}

/** Prints what the agent does as it does it; remembers the latest token usage. */
export interface ActivityPrinter {
  /** The latest `token:usage` of a session (a model call's, or a snapshot). */
  lastUsage(sessionId: string): TokenUsageEvent | undefined;
  /** Stops printing. */
  dispose(): void;
}

interface TurnState {
  readonly inputs: readonly TurnInput[];
  /** The inputs already printed (by identity: an input appended twice is printed once). */
  readonly known: Set<TurnInput>;
  modelCalls: number;
  streaming: boolean;
  streamed: boolean;
}

/**
 * Prints an agent's activity as plain text lines: the start of each turn with its inputs,
 * human inputs that join a running turn ([SCH-2]), the waiting queue ([SCH-8]), streamed
 * replies as they arrive, each tool call with its call id and its result ([TID-3]),
 * notices, and the end of each turn with its outcome ([HK-8]).
 */
export function createActivityPrinter(options: ActivityPrinterOptions): ActivityPrinter {
  const { style } = options.output;
  const state: PrinterState = {
    output: options.output,
    turns: new Map(),
    usage: new Map(),
    waiting: new Map(),
    assistant: `${style.bold(style.magenta(`${options.assistantName ?? 'aalis'}›`))} `,
  };
  const disposers = [...watchHooks(options.hooks, state), ...watchEvents(options.events, state)];
  return {
    lastUsage: (sessionId) => state.usage.get(sessionId),
    dispose: () => {
      for (const dispose of disposers) dispose();
    },
  };
}

interface PrinterState {
  readonly output: TerminalOutput;
  readonly turns: Map<string, TurnState>;
  readonly usage: Map<string, TokenUsageEvent>;
  /** The waiting list last printed, per session. */
  readonly waiting: Map<string, string>;
  /** The prefix of the assistant's text. */
  readonly assistant: string;
}

function watchHooks(hooks: HooksService, state: PrinterState): (() => void)[] {
  const { output, turns } = state;
  const { style } = output;
  return [
    hooks.middleware('agent:turn:before', async ({ turnId, inputs }, next) => {
      turns.set(turnId, { inputs, known: new Set(inputs), modelCalls: 0, streaming: false, streamed: false });
      output.line(
        style.dim(`· ${turnId} starts with ${describeInputs(inputs.map((input) => input.message))}`),
      );
      await next();
    }),
    hooks.middleware('agent:llm:before', async ({ turnId }, next) => {
      const turn = turns.get(turnId);
      if (turn !== undefined) printJoined(output, turnId, turn);
      await next();
    }),
    hooks.middleware('agent:tool:after', async (payload, next) => {
      await next();
      const { result, toolCallContext } = payload;
      const text = `  ↳ [${toolCallContext.callId}] ${oneLine(result.content, 80)}`;
      output.line(result.isError === true ? style.red(text) : style.green(text));
    }),
    hooks.middleware('agent:turn:after', async (payload, next) => {
      await next();
      const turn = turns.get(payload.turnId);
      turns.delete(payload.turnId);
      output.line(turnEndLine(payload, turn, style));
    }),
  ];
}

function watchEvents(events: EventBus, state: PrinterState): (() => void)[] {
  const { output, turns } = state;
  const { style } = output;
  return [
    events.on('outbound:stream', ({ chunk }) => {
      if (chunk.type === 'end') return;
      const turn = turns.get(chunk.turnId);
      if (turn !== undefined && !turn.streaming) {
        output.endLine();
        output.write(state.assistant);
        turn.streaming = true;
      }
      if (turn !== undefined) turn.streamed = true;
      output.write(chunk.type === 'reasoning' ? style.dim(chunk.text) : chunk.text);
    }),
    events.on('tool:execute', ({ name, args, toolCallContext }) => {
      const turn = turns.get(toolCallContext.turnId);
      if (turn !== undefined) turn.streaming = false;
      const call = style.dim(`[${toolCallContext.callId}]`);
      output.line(`  ${style.cyan('⚙')} ${name} ${oneLine(JSON.stringify(args), 60)} ${call}`);
    }),
    events.on('token:usage', (event) => {
      state.usage.set(event.sessionId, event);
      const turn = event.turnId === undefined ? undefined : turns.get(event.turnId);
      if (turn === undefined) return;
      turn.modelCalls += 1;
      turn.streaming = false;
    }),
    events.on('agent:queue', (event) => printQueue(output, state.waiting, event)),
    events.on('outbound:message', ({ message }) => {
      const turn = message.turnId === undefined ? undefined : turns.get(message.turnId);
      if (message.kind === 'notice') output.line(style.yellow(`! ${message.content}`));
      else if (turn === undefined || !turn.streamed) output.line(`${state.assistant}${message.content}`);
    }),
  ];
}

function printJoined(output: TerminalOutput, turnId: string, turn: TurnState): void {
  const joined: TurnInput[] = [];
  for (const input of turn.inputs) {
    if (turn.known.has(input)) continue;
    turn.known.add(input);
    joined.push(input);
  }
  if (joined.length === 0) return;
  output.line(output.style.dim(`· ${describeInputs(joined.map((input) => input.message))} joined ${turnId}`));
}

function printQueue(output: TerminalOutput, printed: Map<string, string>, event: AgentQueueEvent): void {
  const text = event.waiting.length === 0 ? 'nothing' : describeInputs(event.waiting);
  if ((printed.get(event.sessionId) ?? 'nothing') === text) return;
  printed.set(event.sessionId, text);
  output.line(output.style.dim(`· waiting: ${text}`));
}

function describeInputs(messages: readonly IncomingMessage[]): string {
  return messages
    .map((message) => {
      const who = message.source === undefined ? '' : `[${message.source.kind}] `;
      return `${who}"${oneLine(message.content, 50)}"`;
    })
    .join(', ');
}

function turnEndLine(
  payload: AgentTurnAfterPayload,
  turn: TurnState | undefined,
  style: TerminalOutput['style'],
): string {
  const colours: Readonly<Record<TurnOutcome, (text: string) => string>> = {
    replied: style.green,
    silent: style.dim,
    aborted: style.yellow,
    error: style.red,
  };
  const colour = colours[payload.outcome];
  const inputs = new Set(payload.inputs).size;
  const facts = [`${inputs} input${inputs === 1 ? '' : 's'}`];
  if (turn !== undefined) facts.push(`${turn.modelCalls} model call${turn.modelCalls === 1 ? '' : 's'}`);
  if (payload.error !== undefined) facts.push(`error: ${displayText(payload.error)}`);
  return `${colour(`· ${payload.turnId} ${payload.outcome}`)}${style.dim(` (${facts.join(', ')})`)}`;
}
