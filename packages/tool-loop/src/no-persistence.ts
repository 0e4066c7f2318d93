import type { ToolLoopPersistence } from './tool-loop-persistence';

/** Persistence when no archive is present: nothing is written, history is empty ([SVC-5]). */
export const noPersistence: ToolLoopPersistence = Object.freeze({
  archiveJoined: async () => [],
  persistToolGroup: async () => [],
  persistReply: async () => undefined,
  history: async () => [],
  countHistory: async () => 0,
});
