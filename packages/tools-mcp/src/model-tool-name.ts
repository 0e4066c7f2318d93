import { shortHash } from './short-hash';

/** The longest tool name model APIs accept (`^[a-zA-Z0-9_-]{1,64}$`). */
export const MAX_TOOL_NAME_LENGTH = 64;

const unsafe = /[^A-Za-z0-9_-]/g;

/**
 * The name the model calls a server's tool by: `<server>__<tool>`, any character outside
 * letters, digits, `_` and `-` replaced by `_`. A name longer than 64 characters is cut and
 * ends in `_` and eight hex digits of a hash of the whole MCP name, so it stays stable and
 * tells long names apart. Reads at most the first 64 characters of the tool name besides
 * hashing it, so a hostile 1 MiB name costs one hash.
 */
export function modelToolName(serverName: string, mcpName: string): string {
  const prefix = `${serverName}__`;
  const head = mcpName.slice(0, MAX_TOOL_NAME_LENGTH).replace(unsafe, '_');
  if (prefix.length + mcpName.length <= MAX_TOOL_NAME_LENGTH) return `${prefix}${head}`;
  const suffix = `_${shortHash(mcpName)}`;
  return `${prefix}${head}`.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length) + suffix;
}
