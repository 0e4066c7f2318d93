import type { ChatMessage } from '@aalis/api-llm';
import type { TurnRun } from './turn-run';

/** How appended messages count. */
export interface AppendOptions {
  /** Hard trimming never drops them ([USG-9]). */
  readonly protect: boolean;
  /** They were appended to the session's history and count in `historyMessages` ([USG-5]). */
  readonly countAsHistory: boolean;
}

/** Appends messages of this turn to its conversation, which every later model call sees. */
export function appendToConversation(
  run: TurnRun,
  messages: readonly ChatMessage[],
  options: AppendOptions,
): void {
  run.state.conversation.append(messages);
  if (options.protect) for (const message of messages) run.state.protectedMessages.add(message);
  if (options.countAsHistory) run.state.tracker.append(messages);
}
