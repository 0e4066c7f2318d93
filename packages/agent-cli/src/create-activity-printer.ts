import type { AgentQueueEvent, AgentTurnAfterPayload, TokenUsageEvent } from '@aalis/api-agent';
import type { HooksService } from '@aalis/api-hooks';
import type { EventBus } from '@aalis/core';
import type { IncomingMessage, TurnOutcome } from '@aalis/schema-message';
import { type ActivityTurn, createActivityTurn } from './activity-turn';
import { displayText } from './display-text';
import type { ArchiveFeed } from './observe-archive';
import { oneLine } from './one-line';
import { printStreamedText, type StreamMarks } from './print-streamed-text';
import { printToolGroup } from './print-tool-group';
import type { TerminalOutput } from './terminal-output';
import { toolCallLine, toolResultLine } from './tool-call-lines';

/** Options of {@link createActivityPrinter}. */
export interface ActivityPrinterOptions {
  readonly hooks: HooksService;
  readonly events: EventBus;
  readonly output: TerminalOutput;
  /**
   * The history's appends (`AgentApp.archiveFeed`): with it, tool calls that never ran — an
   * unknown tool, invalid arguments, a blocked call — are shown with their failed result as
   * soon as their tool-call group is stored. Without it only calls that ran are shown.
   */
  readonly archiveFeed?: ArchiveFeed;
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

interface PrinterState {
  readonly output: TerminalOutput;
  readonly turns: Map<string, ActivityTurn>;
  readonly usage: Map<string, TokenUsageEvent>;
  /** The waiting list last printed, per session. */
  readonly waiting: Map<string, string>;
  readonly marks: StreamMarks;
}

function streamMarks(output: TerminalOutput, name: string): StreamMarks {
  const { style } = output;
  return {
    reply: `${style.bold(style.magenta(`${name}›`))} `,
    thinking: `${style.dim(style.magenta(`${name} (thinking)›`))} `,
    thinkingContinued: style.dim('… '),
  };
}

/**
 * Prints an agent's activity as plain text lines: the start of each turn with its inputs,
 * human inputs that join a running turn ([SCH-2]), the waiting queue ([SCH-8]), streamed
 * replies as they arrive, reasoning apart from them (`aalis (thinking)› `, further lines
 * `… `), each tool call with its call id and its result ([TID-3]) — also a call that never ran
 * (unknown tool, invalid arguments, blocked), from its stored tool-call group when
 * `archiveFeed` is given — notices, and the end of each turn with its outcome ([HK-8]).
 */
export function createActivityPrinter(options: ActivityPrinterOptions): ActivityPrinter {
  const state: PrinterState = {
    output: options.output,
    turns: new Map(),
    usage: new Map(),
    waiting: new Map(),
    marks: streamMarks(options.output, options.assistantName ?? 'aalis'),
  };
  const disposers = [...watchHooks(options.hooks, state), ...watchEvents(options.events, state)];
  if (options.archiveFeed !== undefined) {
    disposers.push(
      options.archiveFeed.onAppended((_sessionId, messages) =>
        printToolGroup(state.output, state.turns, messages),
      ),
    );
  }
  return {
    lastUsage: (sessionId) => state.usage.get(sessionId),
    dispose: () => {
      for (const dispose of disposers) dispose();
    },
  };
}

function watchHooks(hooks: HooksService, state: PrinterState): (() => void)[] {
  const { output, turns } = state;
  const { style } = output;
  return [
    hooks.middleware('agent:turn:before', async ({ turnId, inputs }, next) => {
      turns.set(turnId, createActivityTurn(inputs));
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
      const { callId, turnId } = toolCallContext;
      output.line(
        toolResultLine(style, { callId, content: result.content, isError: result.isError === true }),
      );
      const turn = turns.get(turnId);
      turn?.shownResults.add(callId);
      if (turn !== undefined) turn.stream = undefined;
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
  return [
    events.on('outbound:stream', ({ chunk }) => {
      if (chunk.type === 'end') return;
      printStreamedText(output, turns.get(chunk.turnId), chunk, state.marks);
    }),
    events.on('tool:execute', ({ name, args, toolCallContext }) => {
      const { callId, turnId } = toolCallContext;
      output.line(toolCallLine(output.style, { name, argumentsText: JSON.stringify(args), callId }));
      const turn = turns.get(turnId);
      turn?.shownCalls.add(callId);
      if (turn !== undefined) turn.stream = undefined;
    }),
    events.on('token:usage', (event) => {
      state.usage.set(event.sessionId, event);
      const turn = event.turnId === undefined ? undefined : turns.get(event.turnId);
      if (turn === undefined) return;
      turn.modelCalls += 1;
      turn.stream = undefined;
    }),
    events.on('agent:queue', (event) => printQueue(output, state.waiting, event)),
    events.on('outbound:message', ({ message }) => {
      const turn = message.turnId === undefined ? undefined : turns.get(message.turnId);
      if (message.kind === 'notice') output.line(output.style.yellow(`! ${message.content}`));
      else if (turn === undefined || !turn.streamedReply)
        output.line(`${state.marks.reply}${message.content}`);
    }),
  ];
}

function printJoined(output: TerminalOutput, turnId: string, turn: ActivityTurn): void {
  const joined: IncomingMessage[] = [];
  for (const input of turn.inputs) {
    if (turn.known.has(input)) continue;
    turn.known.add(input);
    joined.push(input.message);
  }
  if (joined.length === 0) return;
  output.line(output.style.dim(`· ${describeInputs(joined)} joined ${turnId}`));
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
  turn: ActivityTurn | undefined,
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
