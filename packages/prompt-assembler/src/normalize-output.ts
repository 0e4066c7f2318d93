import type { ChatMessage } from '@aalis/api-llm';
import { MESSAGE_ROLES } from '@aalis/schema-message';

const messageRoles: ReadonlySet<unknown> = new Set(MESSAGE_ROLES);

/** A build's output as messages, or what is wrong with it. */
export type NormalizedOutput = { readonly messages: readonly ChatMessage[] } | { readonly problem: string };

function isChatMessage(value: unknown): value is ChatMessage {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Readonly<Record<string, unknown>>;
  return messageRoles.has(fields.role) && typeof fields.content === 'string';
}

/**
 * Turns a build's output into messages: nothing (`undefined`, `null`, blank text, an empty
 * list) gives none, text gives one `system` message, a list of messages is taken as it is.
 * Anything else (a number, a message without a known role or a text content) is a problem.
 */
export function normalizeOutput(output: unknown): NormalizedOutput {
  if (output === undefined || output === null) return { messages: [] };
  if (typeof output === 'string') {
    return { messages: output.trim().length === 0 ? [] : [{ role: 'system', content: output }] };
  }
  if (Array.isArray(output)) {
    if (output.every(isChatMessage)) return { messages: output };
    return {
      problem: `build returned a message without a role of ${MESSAGE_ROLES.join(', ')} or a text content`,
    };
  }
  return { problem: 'build returned neither text, messages nor nothing' };
}
