import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OpenedTransport } from './open-transport';

/** One live connection to a server: a client on its own transport (a stdio child process). */
export interface McpSession {
  readonly client: Client;
  readonly opened: OpenedTransport;
  /** Set once the session closed or was given up; it is never used again. */
  ended: boolean;
  /** A ping under way after a call timed out: the next call waits for it. */
  health: Promise<void> | undefined;
  /** A refresh of the tool list under way. */
  refreshing: Promise<void> | undefined;
  /** A `list_changed` arrived while a refresh (or the first listing) was under way. */
  refreshAgain: boolean;
}
