import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { Message } from '@aalis/schema-message';

/** Called with the stored messages of one `append`, once they are stored. */
export type AppendListener = (sessionId: string, messages: readonly Message[]) => void;

/** Tells listeners about every batch of messages appended to the history. */
export interface ArchiveFeed {
  /** Adds a listener; returns the function that removes it. */
  onAppended(listener: AppendListener): () => void;
}

/** A message archive that reports its appends, and the feed it reports them to. */
export interface ObservedArchive {
  readonly archive: MessageArchiveService;
  readonly feed: ArchiveFeed;
}

/** Options of {@link observeArchive}. */
export interface ObserveArchiveOptions {
  /** Told about a listener that threw (the append itself is not affected). */
  readonly onError: (error: unknown) => void;
}

/**
 * Wraps a message archive so that every successful `append` (an input, a tool-call group with
 * its results, a reply, a marker) is reported to the feed's listeners after it is stored. The
 * other methods pass through unchanged; a listener's throw goes to `onError`.
 */
export function observeArchive(
  archive: MessageArchiveService,
  options: ObserveArchiveOptions,
): ObservedArchive {
  const listeners = new Set<AppendListener>();
  const report = (sessionId: string, messages: readonly Message[]) => {
    for (const listener of [...listeners]) {
      try {
        listener(sessionId, messages);
      } catch (error) {
        options.onError(error);
      }
    }
  };
  return {
    archive: {
      archiveIncoming: (message, incomingOptions) => archive.archiveIncoming(message, incomingOptions),
      append: async (sessionId, drafts) => {
        const stored = await archive.append(sessionId, drafts);
        report(sessionId, stored);
        return stored;
      },
      updateMetadata: (messageId, patch) => archive.updateMetadata(messageId, patch),
      rollback: (sessionId, turnId) => archive.rollback(sessionId, turnId),
      list: (sessionId, listOptions) => archive.list(sessionId, listOptions),
      get: (messageId) => archive.get(messageId),
      clear: (sessionIds) => archive.clear(sessionIds),
    },
    feed: {
      onAppended: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}
