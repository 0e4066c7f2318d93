import type { SqliteArchiveStoreOptions } from './sqlite-archive-store-options';

/** The options of `SqliteArchiveStore` with every default applied. Not public API. */
export interface SqliteOpenSettings {
  readonly path: string;
  readonly synchronous: 'normal' | 'full';
  readonly busyTimeoutMs: number;
  readonly exclusive: boolean;
  readonly readonly: boolean;
  readonly heartbeatIntervalMs: number;
  readonly holderExpiryMs: number;
  readonly quickCheck: boolean;
}

const DEFAULT_HEARTBEAT_INTERVAL_MS = 2000;
const DEFAULT_HOLDER_EXPIRY_MS = 10_000;

/** Validates the options (misuse is a `TypeError`) and applies the defaults. Not public API. */
export function resolveSqliteOpenSettings(options: SqliteArchiveStoreOptions): SqliteOpenSettings {
  if (typeof options?.path !== 'string' || options.path === '') {
    throw new TypeError("path must be a database file path or ':memory:'");
  }
  const memory = options.path === ':memory:';
  const readonly = options.readonly ?? false;
  if (readonly && memory) throw new TypeError("readonly: true needs a database file, not ':memory:'");
  if (readonly && options.exclusive === true) {
    throw new TypeError('readonly: true cannot be exclusive: a read-only store does not hold the file');
  }
  const heartbeatIntervalMs = positive(
    options.heartbeatIntervalMs,
    'heartbeatIntervalMs',
    DEFAULT_HEARTBEAT_INTERVAL_MS,
  );
  const holderExpiryMs = positive(options.holderExpiryMs, 'holderExpiryMs', DEFAULT_HOLDER_EXPIRY_MS);
  if (holderExpiryMs <= heartbeatIntervalMs) {
    throw new TypeError('holderExpiryMs must be longer than heartbeatIntervalMs');
  }
  return {
    path: options.path,
    synchronous: options.synchronous === 'full' ? 'full' : 'normal',
    busyTimeoutMs: Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000)),
    exclusive: !memory && !readonly && (options.exclusive ?? true),
    readonly,
    heartbeatIntervalMs,
    holderExpiryMs,
    quickCheck: !memory && (options.quickCheck ?? true),
  };
}

function positive(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive number of milliseconds, got ${String(value)}`);
  }
  return value;
}
