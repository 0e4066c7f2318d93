import { DatabaseConnectionError } from './database-connection-error';
import { DatabaseTimeoutError, type DatabaseTimeoutKind } from './database-timeout-error';

const CONNECTION_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // Server shutting down, crashed, or starting up ([PostgreSQL SQLSTATE class 57P]).
  '57P01',
  '57P02',
  '57P03',
]);

/** node-postgres reports these without a code. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
];

/**
 * The typed error for a driver failure that is about the connection or about time, or
 * `undefined` for anything else (a constraint, a syntax error: the caller's own error).
 * Not public API.
 */
export function classifyPostgresFailure(
  error: unknown,
  operation: string,
): DatabaseConnectionError | DatabaseTimeoutError | undefined {
  const timeout = timeoutKind(error);
  if (timeout !== undefined) return new DatabaseTimeoutError({ operation, kind: timeout, cause: error });
  if (isConnectionFailure(error)) return new DatabaseConnectionError({ operation, cause: error });
  return undefined;
}

function timeoutKind(error: unknown): DatabaseTimeoutKind | undefined {
  const { code, message } = parts(error);
  if (message === 'timeout exceeded when trying to connect') return 'connection';
  if (message === 'Query read timeout') return 'query';
  // 57014: statement_timeout cancelled the statement; 55P03: lock_timeout.
  if (code === '57014' || code === '55P03') return 'statement';
  return undefined;
}

function isConnectionFailure(error: unknown): boolean {
  const { code, message } = parts(error);
  if (code !== undefined && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  if (message !== undefined && CONNECTION_MESSAGES.some((text) => message.startsWith(text))) return true;
  // A socket error wrapped by an AggregateError (several addresses refused).
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every(isConnectionFailure);
}

function parts(error: unknown): { code: string | undefined; message: string | undefined } {
  if (typeof error !== 'object' || error === null) return { code: undefined, message: undefined };
  const { code, message } = error as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}
