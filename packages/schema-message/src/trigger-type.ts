/**
 * What caused an input to reach the agent. `idle` is a topic the bot opens by itself after a
 * quiet period; such inputs are not archived, so their `TurnInput.archived` stays unset
 * ([HK-9]).
 */
export const TRIGGER_TYPES = [
  'message',
  'mention',
  'reply',
  'keyword',
  'command',
  'ambient',
  'idle',
] as const;

/** One of {@link TRIGGER_TYPES}. */
export type TriggerType = (typeof TRIGGER_TYPES)[number];
