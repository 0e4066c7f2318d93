import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { Message, TurnEntry } from '@aalis/schema-message';
import type { PersistableInput } from './persistable-input';

/** What `archiveInputs` archives, and where. Not public API. */
export interface ArchiveInputsOptions {
  readonly archive: MessageArchiveService | undefined;
  readonly inputs: readonly PersistableInput[];
  /** The turn id and entry of opened and joined inputs ([ARC-6]); absent for released ones ([ABT-3]). */
  readonly turn?: { readonly turnId: string; readonly entry: TurnEntry };
  /** Told of each input as soon as it is archived, so a later failure keeps the count. */
  readonly onArchived?: (message: Message) => void;
}

/**
 * Archives inputs in order, with the turn id and entry when `turn` is given (opened and joined
 * inputs, [ARC-6]) and without (released inputs, [ABT-3]), and sets each one's `archived`
 * ([HK-9]). Resolves with the stored messages. Not public API.
 */
export async function archiveInputs(options: ArchiveInputsOptions): Promise<Message[]> {
  const { archive, inputs, turn } = options;
  if (!Array.isArray(inputs)) throw new TypeError('inputs must be an array');
  if (archive === undefined) return [];
  const stored: Message[] = [];
  for (const input of inputs) {
    // Idle-trigger inputs open a topic and are never archived; an input is archived once ([HK-9]).
    if (input.message.triggerType === 'idle' || input.archived !== undefined) continue;
    const message = await archive.archiveIncoming(input.message, turn ?? {});
    input.archived = message;
    stored.push(message);
    options.onArchived?.(message);
  }
  return stored;
}
