import type { ChatMessage } from '@aalis/api-llm';

/** The text of the last `user` message of a model request, if it has one. */
export function lastUserMessage(messages: readonly ChatMessage[]): string | undefined {
  const last = messages.findLast((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : undefined;
}
