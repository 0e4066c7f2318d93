import type {
  SessionClearingAgent,
  SessionDeletedEvent,
  SessionKind,
  SessionSettings,
} from '@aalis/api-session-manager';
import type { PostgresConnectionOptions } from './postgres-connection-options';

/** Options of `PostgresSessionManager.open`. */
export interface PostgresSessionManagerOptions extends PostgresConnectionOptions {
  /** The agent whose `clearing` stops and holds deleted sessions ([CLR-1]); read at each deletion. */
  readonly agent?: () => SessionClearingAgent | undefined;
  /** Emits `session:deleted` and waits for its listeners ([DEL-1]). Default: nothing. */
  readonly emitDeleted?: (event: SessionDeletedEvent) => void | Promise<void>;
  /** Runs the `memory:clear` chain for deleted sessions. Default: nothing. */
  readonly runMemoryClear?: (sessionIds: readonly string[]) => Promise<void>;
  /** Stamps `createdAt` of new sessions (default `Date.now`). */
  readonly now?: () => number;
  /**
   * How long another manager waits for this one to acknowledge a generation change before it
   * counts this one as gone ([DEL-2]); this one refreshes its record five times as often.
   * Default `5000`; at least `50`. Every process on a schema should use the same value.
   */
  readonly listenerTtlMs?: number;
}

/** A session to create with `ensureSession`. */
export interface PostgresSessionSpec {
  readonly id: string;
  /** Default `console`. */
  readonly kind?: SessionKind;
  readonly platform?: string;
  /** The parent of a child session; deleting the parent deletes it too. */
  readonly parentId?: string;
  readonly title?: string;
  /** The session's own settings; `null` for none ([SET-1]). Default `{}`. */
  readonly settings?: SessionSettings | null;
  /** Refuse every settings write ([SET-1]). Default `false`. */
  readonly readOnly?: boolean;
}
