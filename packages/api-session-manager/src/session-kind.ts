/**
 * What kind of conversation a session is:
 * - `room`: an IM group or private chat on a platform. In rooms a turn hands only its last
 *   reply to the platform ([ARC-5]).
 * - `console`: a chat in the app's own interface (web, terminal), where everything the
 *   assistant says is shown as it is said.
 * - `subtask`: a child session a subtask plugin runs (has `parentId`).
 * - `system`: internal sessions (scheduled jobs, maintenance).
 */
export const SESSION_KINDS = ['room', 'console', 'subtask', 'system'] as const;

/** One of {@link SESSION_KINDS}. */
export type SessionKind = (typeof SESSION_KINDS)[number];
