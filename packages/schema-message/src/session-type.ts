/** The kind of conversation on an IM platform. */
export const SESSION_TYPES = ['group', 'private'] as const;

/** One of {@link SESSION_TYPES}. */
export type SessionType = (typeof SESSION_TYPES)[number];
