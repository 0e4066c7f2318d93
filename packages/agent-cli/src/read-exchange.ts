import type { ChatMessage } from '@aalis/api-llm';
import { callKey } from './call-key';

/** A tool call the model already made in the current exchange, with its result once there. */
export interface ExchangeCall {
  readonly key: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly result: string | undefined;
}

/** The part of a conversation the demo model still has to answer. */
export interface Exchange {
  /** The user messages since the last reply, oldest first (joined inputs included). */
  readonly userTexts: readonly string[];
  /** The tool calls made since the last reply. */
  readonly calls: readonly ExchangeCall[];
  /** Whether the exchange follows a stop marker (the previous reply was stopped, [ARC-9]). */
  readonly afterStop: boolean;
}

const STOP_MARKER = /stopped|停止/i;

/**
 * Reads the messages after the last final reply (an assistant message without tool calls)
 * or the last stop marker (a system message after the conversation began that says the
 * reply was stopped): the user texts, the tool calls and their results.
 */
export function readExchange(messages: readonly ChatMessage[]): Exchange {
  let start = 0;
  let afterStop = false;
  messages.forEach((message, index) => {
    const finalReply = message.role === 'assistant' && (message.toolCalls?.length ?? 0) === 0;
    const stopMarker =
      message.role === 'system' &&
      index > firstConversationIndex(messages) &&
      STOP_MARKER.test(message.content);
    if (finalReply || stopMarker) {
      start = index + 1;
      afterStop = stopMarker;
    }
  });
  const rest = messages.slice(start);
  const results = new Map(
    rest.filter((message) => message.role === 'tool').map((message) => [message.toolCallId, message.content]),
  );
  const calls = rest.flatMap((message) =>
    message.role !== 'assistant'
      ? []
      : (message.toolCalls ?? []).map((call) => {
          const args = parseArguments(call.arguments);
          return { key: callKey(call.name, args), name: call.name, args, result: results.get(call.id) };
        }),
  );
  const userTexts = rest.filter((message) => message.role === 'user').map((message) => message.content);
  return { userTexts, calls, afterStop };
}

function firstConversationIndex(messages: readonly ChatMessage[]): number {
  const index = messages.findIndex((message) => message.role !== 'system');
  return index === -1 ? messages.length : index;
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text === '' ? '{}' : text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
