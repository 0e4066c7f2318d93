import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { Message, TurnEntry } from '@aalis/schema-message';
import type { PersistableInput } from './persistable-input';

/**
 * Archives inputs in order, with the turn id and entry when `turn` is given (opened and joined
 * inputs, [ARC-6]) and without (released inputs, [ABT-3]), and sets each one's `archived`
 * ([HK-9]). Resolves with the stored messages. Not public API.
 */
export async function archiveInputs(
  archive: MessageArchiveService | undefined,
  inputs: readonly PersistableInput[],
  turn: { readonly turnId: string; readonly entry: TurnEntry } | undefined,
): Promise<Message[]> {
  if (!Array.isArray(inputs)) throw new TypeError('inputs must be an array');
  if (archive === undefined) return [];
  const stored: Message[] = [];
  for (const input of inputs) {
    // Idle-trigger inputs open a topic and are never archived; an input is archived once ([HK-9]).
    if (input.message.triggerType === 'idle' || input.archived !== undefined) continue;
    const message = await archive.archiveIncoming(input.message, turn ?? {});
    input.archived = message;
    stored.push(message);
  }
  return stored;
}
