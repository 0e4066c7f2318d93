/**
 * The one turn every column of the per-turn suite does: a 100-message history, 5 system
 * blocks, a new user message, and an instant model whose script calls three tools one after
 * the other, then answers. Each framework gets the same texts, the same tools (a `query`
 * string argument, a short string result) and the same script.
 */

/** How many messages of history precede the new input. */
export const historyLength = 100;

/** One history message, in the plain shape every framework can take. */
export interface WorkloadMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

const topics = [
  'the weather in Lisbon',
  'a train to Porto',
  'dinner on Friday',
  'the quarterly report',
  'a birthday gift',
];

/** The history: alternating user and assistant messages of 15 to 30 words, all different. */
export const history: readonly WorkloadMessage[] = Array.from({ length: historyLength }, (_, index) => {
  const topic = topics[index % topics.length] ?? 'something';
  return index % 2 === 0
    ? {
        role: 'user',
        content: `Message ${index}: could you help me with ${topic}? I would like a short answer I can act on today.`,
      }
    : {
        role: 'assistant',
        content: `Message ${index}: of course. About ${topic}, here is what I found, with the two options that matter most and what each of them costs you.`,
      };
});

/** The five system blocks (prompt contributions for the agent, one system text for the others). */
export const systemBlocks: readonly string[] = [
  'You are Aalis, a helpful assistant in a group chat. Answer briefly and in the language of the question.',
  'Persona: warm, precise, never condescending. Prefer lists when comparing options.',
  'Summary of earlier conversation: the user plans a trip to Portugal in May and keeps a shared calendar.',
  'Skills: you can search notes, read the calendar and check the weather through tools. Use them before guessing.',
  'Platform: messages arrive from a chat app; keep replies under 500 characters and avoid tables.',
];

/** The five blocks as one system text, for frameworks that take a single system prompt. */
export const systemText = systemBlocks.join('\n\n');

/** The new message of the turn. */
export const userInput =
  'Please check my notes, my calendar and the weather for Saturday, then tell me if the picnic works.';

/** The three tools, called in this order, one per model response. */
export const toolNames = ['search_notes', 'read_calendar', 'check_weather'] as const;

/** Description shared by the three tools. */
export const toolDescription = 'Looks something up and returns a short text.';

/** JSON schema of every tool's arguments. */
export const toolParameters = {
  type: 'object',
  properties: { query: { type: 'string' } },
  required: ['query'],
  additionalProperties: false,
} as const;

/** What every tool returns. */
export function toolResult(name: string, query: string): string {
  return `${name}: nothing unusual for "${query}"`;
}

/** The final answer of the script. */
export const finalAnswer =
  'Saturday is free, the forecast is dry and your notes have no conflict: the picnic works.';

/** Usage figures the instant model reports on every call (a real endpoint reports some). */
export const reportedUsage = { inputTokens: 2_400, outputTokens: 24 } as const;

/** What the model does at one step of the script. */
export type ScriptStep =
  | { readonly kind: 'tool-call'; readonly toolName: string; readonly query: string }
  | { readonly kind: 'answer'; readonly text: string };

/**
 * The script, decided from how many tool results the turn has so far: steps 0 to 2 call
 * the next tool, step 3 answers. Deciding from the request (not from a counter) keeps the
 * model stateless, so many turns can run through one model at once.
 */
export function scriptStep(toolResultsSoFar: number): ScriptStep {
  const toolName = toolNames[toolResultsSoFar];
  return toolName === undefined
    ? { kind: 'answer', text: finalAnswer }
    : { kind: 'tool-call', toolName, query: `step ${toolResultsSoFar + 1}` };
}

/** Counts the tool results after the last user message of a role list. */
export function toolResultsSinceLastUser(roles: readonly string[]): number {
  let count = 0;
  for (let index = roles.length - 1; index >= 0; index -= 1) {
    const role = roles[index];
    if (role === 'user') break;
    if (role === 'tool') count += 1;
  }
  return count;
}

let callCounter = 0;

/** A fresh model tool-call id. */
export function nextCallId(): string {
  callCounter += 1;
  return `call_${callCounter}`;
}
