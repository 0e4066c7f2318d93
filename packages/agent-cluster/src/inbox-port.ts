import type { InboxInput, SessionLease } from '@aalis/archive-postgres';

/** What the cluster agent uses of `SessionInbox` (from `@aalis/archive-postgres`). Not public API. */
export interface InboxPort {
  enqueue(sessionId: string, payload: unknown): Promise<string>;
  take(lease: SessionLease): Promise<InboxInput[]>;
  untake(lease: SessionLease, inputIds: readonly string[]): Promise<number>;
  settle(lease: SessionLease, inputId: string, outcome: unknown): Promise<boolean>;
  settleQueued(
    lease: SessionLease,
    outcome: unknown,
    options?: { readonly upTo?: string },
  ): Promise<string[]>;
  settleAbandoned(lease: SessionLease, outcome: unknown): Promise<string[]>;
  outcome(inputId: string, options?: { readonly signal?: AbortSignal }): Promise<unknown>;
  onQueued(listener: (sessionId: string) => void): () => void;
  unservedSessions(): Promise<string[]>;
  isPending(sessionId: string): Promise<boolean>;
  broadcast(message: unknown): Promise<void>;
  onBroadcast(listener: (message: unknown) => void): () => void;
}
