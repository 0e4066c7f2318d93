export { DatabaseConnectionError, type DatabaseConnectionErrorOptions } from './database-connection-error';
export {
  DatabaseTimeoutError,
  type DatabaseTimeoutErrorOptions,
  type DatabaseTimeoutKind,
} from './database-timeout-error';
export { LeaseHeldError, type LeaseHeldErrorOptions } from './lease-held-error';
export { type LeaseLossKind, LeaseLostError, type LeaseLostErrorOptions } from './lease-lost-error';
export type { LeaseLookup } from './leased-engine';
export { type MigratePostgresOptions, type MigrationResult, migratePostgres } from './migrate-postgres';
export { PostgresArchiveStore, type PostgresArchiveStoreOptions } from './postgres-archive-store';
export type { PostgresConnectionOptions } from './postgres-connection-options';
export { POSTGRES_SCHEMA_VERSION } from './postgres-migrations';
export { PostgresSessionManager } from './postgres-session-manager';
export type { PostgresSessionManagerOptions, PostgresSessionSpec } from './postgres-session-manager-options';
export { type SessionHold, SessionHolds } from './session-holds';
export { type InboxInput, SessionInbox } from './session-inbox';
export type { SessionLease } from './session-lease';
export { SessionLeaseError, type SessionLeaseErrorOptions } from './session-lease-error';
export { type LeaseCallOptions, SessionLeases } from './session-leases';
export type { SessionLeasesOptions } from './session-leases-options';
export { SessionNotLeasedError } from './session-not-leased-error';
export { StaleLeaseError, type StaleLeaseErrorOptions } from './stale-lease-error';
