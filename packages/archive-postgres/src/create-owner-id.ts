import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * A lease owner id for this process: host name, process id and 72 random bits, so that two
 * processes (or two `SessionLeases` of one process, or a restarted process that got the same
 * pid) never share one. Not public API.
 */
export function createOwnerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(9).toString('base64url')}`;
}
