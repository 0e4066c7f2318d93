import {
  PostgresArchiveStore,
  type PostgresConnectionOptions,
  PostgresSessionManager,
} from '@aalis/archive-postgres';
import type { AgentDatabase, SessionWiring } from './agent-database';

/** Options of {@link openPostgresDatabase}. */
export interface OpenPostgresDatabaseOptions {
  /** `postgres://user:password@host:5432/database`. */
  readonly url: string;
  /** The schema of the tables (default `aalis`). */
  readonly schema?: string;
  /** The clock of the history and the sessions (default `Date.now`). */
  readonly now?: () => number;
  /** Pool settings (`poolSize`, timeouts) or a pool of your own, for both the store and the sessions. */
  readonly connection?: Omit<PostgresConnectionOptions, 'connectionString' | 'schema'>;
}

/**
 * Opens the history and the sessions in PostgreSQL (`@aalis/archive-postgres`), migrating the
 * schema when needed: several `aalis-agent` processes on one database share history, session
 * settings and generations. Rejects with the store's typed errors (`DatabaseConnectionError`,
 * `DatabaseTimeoutError`, …); nothing stays open then.
 */
export async function openPostgresDatabase(options: OpenPostgresDatabaseOptions): Promise<AgentDatabase> {
  const common = {
    ...options.connection,
    connectionString: options.url,
    ...(options.schema === undefined ? {} : { schema: options.schema }),
    ...(options.now === undefined ? {} : { now: options.now }),
  };
  let wiring: SessionWiring | undefined;
  const store = await PostgresArchiveStore.open(common);
  let sessions: PostgresSessionManager;
  try {
    sessions = await PostgresSessionManager.open({
      ...common,
      agent: () => wiring?.agent(),
      emitDeleted: (event) => wiring?.emitDeleted(event),
      runMemoryClear: async (sessionIds) => wiring?.runMemoryClear(sessionIds),
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  return {
    store,
    sessions,
    description: describeUrl(options.url),
    connect: (appWiring) => {
      wiring = appWiring;
    },
    close: async () => {
      try {
        await sessions.close();
      } finally {
        await store.close();
      }
    },
  };
}

/** The URL without its password. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}
