import type { ToolCall } from '@aalis/schema-message';

/**
 * The model's tool calls with well-formed fields and ids unique in the response: a missing or
 * repeated id gets a suffix, so every result can answer exactly one call.
 */
export function uniqueToolCalls(calls: readonly ToolCall[]): ToolCall[] {
  const seen = new Set<string>();
  return calls.map((call, index) => {
    const given = typeof call.id === 'string' && call.id !== '' ? call.id : `call_${index}`;
    let id = given;
    for (let attempt = 1; seen.has(id); attempt += 1) id = `${given}_${attempt}`;
    seen.add(id);
    const name = typeof call.name === 'string' ? call.name : String(call.name);
    const text = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {});
    return id === call.id && name === call.name && text === call.arguments
      ? call
      : { id, name, arguments: text };
  });
}
