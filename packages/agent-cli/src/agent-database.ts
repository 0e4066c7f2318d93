import type {
  SessionClearingAgent,
  SessionDeletedEvent,
  SessionInfo,
  SessionLastTurn,
  SessionManagerService,
} from '@aalis/api-session-manager';
import type { ArchiveStore } from '@aalis/archive-adapter';
import type { SessionSpec } from './create-session-manager';

/** The session manager the app works with: the in-memory one, or one on PostgreSQL. */
export interface AppSessionManager extends SessionManagerService {
  /** Creates a session, or returns the existing one with that id unchanged. */
  ensureSession(spec: SessionSpec): SessionInfo | Promise<SessionInfo>;
  /** Every session, in creation order. */
  listSessions(): SessionInfo[];
  /** Records how the session's last turn ended. */
  recordLastTurn(sessionId: string, lastTurn: SessionLastTurn): void | Promise<void>;
}

/** What the delete flow of a session manager needs from the app ([CLR-1], [DEL-1]). */
export interface SessionWiring {
  readonly agent: () => SessionClearingAgent | undefined;
  readonly emitDeleted: (event: SessionDeletedEvent) => void | Promise<void>;
  readonly runMemoryClear: (sessionIds: readonly string[]) => Promise<void>;
}

/** A database opened for the app: the history store and the session manager on it. */
export interface AgentDatabase {
  /** The message archive and memory. */
  readonly store: ArchiveStore;
  /** The session manager; its delete flow reaches the app once `connect` was called. */
  readonly sessions: AppSessionManager;
  /** Where the history is, for the chat's heading (no password). */
  readonly description: string;
  /** Called once by `createAgentApp` with the app's agent, events and `memory:clear` chain. */
  connect(wiring: SessionWiring): void;
  /** Closes the session manager and the store. */
  close(): Promise<void>;
}
