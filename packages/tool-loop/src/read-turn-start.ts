import type { ChatMessage } from '@aalis/api-llm';
import type { ToolDefinition } from '@aalis/api-tools';
import { type Message, WellKnownMetadataKeys } from '@aalis/schema-message';
import { persist } from './persist';
import type { ToolLoopOptions, ToolLoopRequest } from './run-tool-loop-options';
import type { ToolLoopPersistence } from './tool-loop-persistence';
import { ToolServiceError } from './tool-service-error';
import { untilAborted } from './until-aborted';

/** What the turn reads once, when it starts. */
export interface TurnStart {
  /** The session's history before this turn (the turn's own messages left out). */
  readonly history: readonly ChatMessage[];
  /** The active history count at turn start, opening inputs included ([USG-5]). */
  readonly historyCount: number;
  readonly tools: readonly ToolDefinition[];
}

/**
 * Reads the history (at most `historyLimit` messages, [USG-6]), its count and the session's
 * tools, all at once and no longer than the turn runs. The turn's own archived inputs are
 * left out of the history: the turn adds them itself, in order with what it appends.
 */
export async function readTurnStart(
  options: ToolLoopRequest & Pick<ToolLoopOptions, 'tools'>,
  persistence: ToolLoopPersistence,
  platform: string,
): Promise<TurnStart> {
  const { turn, session } = options;
  const own = new Set(turn.inputs.map((input) => input.archived?.id).filter((id) => id !== undefined));
  const isOwn = (message: Message) =>
    own.has(message.id) || message.metadata?.[WellKnownMetadataKeys.TurnId] === turn.turnId;
  const [history, historyCount, tools] = await untilAborted(
    Promise.all([
      persist('history', () => persistence.history({ limit: session.settings.historyLimit }), 'read'),
      persist('countHistory', () => persistence.countHistory(), 'read'),
      listTools(options, platform),
    ]),
    turn.signal,
  );
  return { history: history.filter((message) => !isOwn(message)), historyCount, tools };
}

async function listTools(
  options: ToolLoopRequest & Pick<ToolLoopOptions, 'tools'>,
  platform: string,
): Promise<readonly ToolDefinition[]> {
  const tools = options.tools;
  if (tools === undefined) return [];
  try {
    const listed = await tools.listTools({ sessionId: options.turn.sessionId, platform });
    return [...listed];
  } catch (error) {
    throw new ToolServiceError({ cause: error });
  }
}
