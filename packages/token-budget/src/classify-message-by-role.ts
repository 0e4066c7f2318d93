import type { ChatMessageLike } from './chat-message';
import { hasToolCalls } from './message-fields';
import type { MessageBucket } from './token-budget-bucket';

/**
 * The default classifier, for plain message lists: `system` and `developer` messages go to
 * `system`; `tool` (and legacy `function`) messages and assistant messages with tool calls go
 * to `toolResults`; everything else goes to `history`.
 */
export function classifyMessageByRole(message: ChatMessageLike): MessageBucket {
  switch (message.role) {
    case 'system':
    case 'developer':
      return 'system';
    case 'tool':
    case 'function':
      return 'toolResults';
    default:
      return hasToolCalls(message) ? 'toolResults' : 'history';
  }
}
