import type { AgentFactory } from '@aalis/agent-conformance';
import type { ArchiveIncomingOptions, MessageArchiveService } from '@aalis/api-message-archive';
import type { IncomingMessage } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';
import { type TurnWatch, watchTurns } from '../support/watch-turns';

/**
 * Breaks [ABT-3]: inputs released by `abort` with `queued` (archived without a turn id) are
 * archived with the id of the session's latest turn instead, as if they had joined the turn
 * that was stopped.
 */
export const archiveReleasedWithTurnId: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => {
      const watch = watchTurns(own.hooks);
      return {
        ...own,
        hooks: watch.hooks,
        archive: own.archive === undefined ? undefined : stampReleased(own.archive, watch),
      };
    },
  });

function stampReleased(archive: MessageArchiveService, watch: TurnWatch): MessageArchiveService {
  return override(archive, {
    archiveIncoming: (message: IncomingMessage, options?: ArchiveIncomingOptions) => {
      if (options?.turnId !== undefined) return archive.archiveIncoming(message, options);
      const turnId = watch.latest(message.sessionId)?.turnId ?? 'released';
      return archive.archiveIncoming(message, { turnId, entry: 'joined' });
    },
  });
}
