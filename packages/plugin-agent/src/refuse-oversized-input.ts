import type { IncomingMessage } from '@aalis/schema-message';
import type { AgentContext } from './agent-context';
import { InputTooLargeError } from './input-too-large-error';
import { settledBefore } from './settled-before';
import { emitStreamEnd } from './stream-end';

/** The `[系统]` notice for an input over the size limit ([LIV-3]). */
export function oversizedNotice(characters: number, limit: number): string {
  return `[系统] 这条消息有 ${characters} 个字符，超过上限 ${limit}，没有处理。`;
}

/**
 * Refuses an input longer than `maxInputChars` ([LIV-3]): nothing of it is archived and no
 * turn opens; the sender's session gets the `[系统]` notice and its stream end marker
 * ([OUT-3]), the log an `InputTooLargeError`. Never throws. Listeners are waited for until
 * `signal` (the input's stop, with its grace time) aborts.
 */
export async function refuseOversizedInput(
  context: AgentContext,
  message: IncomingMessage,
  signal: AbortSignal,
): Promise<void> {
  const { sessionId } = message;
  const limit = context.config.maxInputChars;
  const error = new InputTooLargeError({ sessionId, characters: message.content.length, limit });
  context.config.logger.warn('input over the size limit was not processed', { sessionId, error });
  const notice = {
    sessionId,
    content: oversizedNotice(message.content.length, limit),
    kind: 'notice' as const,
    platform: message.platform,
  };
  const emitted = context.deps.events
    .emit('outbound:message', { message: notice })
    .then(() => emitStreamEnd(context.deps.events, sessionId));
  await settledBefore(emitted, signal);
}

/** Whether an input is over the size limit. */
export function isOversized(context: AgentContext, message: IncomingMessage): boolean {
  return message.content.length > context.config.maxInputChars;
}
