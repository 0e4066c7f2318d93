import {
  deleteSessionFlow,
  type SessionClearingAgent,
  type SessionInfo,
  type SessionKind,
  type SessionManagerService,
  type SessionSettings,
  SessionSettingsNotFoundError,
  SessionSettingsRefusedError,
} from '@aalis/api-session-manager';
import { type Activity, createActivity } from './activity';
import { type Clock, createClock } from './clock';

/** A session as a case creates it. */
export interface SessionSpec {
  readonly id: string;
  /** Default `console`; `room` sessions hand only the last reply of a turn out ([ARC-5]). */
  readonly kind?: SessionKind;
  readonly platform?: string;
  readonly parentId?: string;
  /** The session's settings; `null`: the session has none ([SET-1]). Default `{}`. */
  readonly settings?: SessionSettings | null;
  /** Refuse every settings write ([SET-1]). */
  readonly readOnly?: boolean;
}

/** One `updateSettings` call, as the fake recorded it. */
export interface SettingsWrite {
  readonly seq: number;
  readonly sessionId: string;
  readonly patch: Partial<SessionSettings>;
  readonly outcome: 'written' | 'not-found' | 'refused';
}

/** What the fake needs to run the delete flow. */
export interface DeleteFlowDependencies {
  /** The agent, or `undefined` when none is present. */
  readonly agent: () => SessionClearingAgent | undefined;
  /** Emits `session:deleted` and waits for its listeners. */
  readonly emitDeleted: (event: { sessionId: string; generation: number }) => Promise<void>;
  /** Runs the `memory:clear` chain for the sessions. */
  readonly runMemoryClear: (sessionIds: readonly string[]) => Promise<void>;
}

/** The fake session manager of a harness and the case's control over it. */
export interface FakeSessionManager {
  /** The `session-manager` provider. */
  readonly service: SessionManagerService;
  /** Every settings write, in order. */
  readonly settingsWrites: readonly SettingsWrite[];
  /** Creates a session (replacing one with the same id). */
  create(spec: SessionSpec): SessionInfo;
  /** Moves a session to its next generation ([DEL-2]); returns the generation it left. */
  advanceGeneration(sessionId: string): number;
  /** Deletes sessions the way a session manager does: `deleteSessionFlow` through the agent. */
  deleteSessions(sessionIds: readonly string[]): Promise<void>;
}

interface SessionState {
  info: SessionInfo;
  settings: SessionSettings | undefined;
  readOnly: boolean;
}

/** Options of {@link createFakeSessionManager}; every one has a default. */
export interface FakeSessionManagerOptions {
  /** The sequence shared with other fakes, to compare the order of their actions. Default: its own. */
  readonly activity?: Activity;
  /** Where `createdAt` comes from. Default: its own deterministic clock. */
  readonly clock?: Clock;
  /** What `deleteSessions` runs. Default: no agent, no listeners, no `memory:clear` chain. */
  readonly deleteFlow?: DeleteFlowDependencies;
}

const NO_DELETE_FLOW: DeleteFlowDependencies = {
  agent: () => undefined,
  emitDeleted: async () => undefined,
  runMemoryClear: async () => undefined,
};

/**
 * Creates a fake session manager: generations, settings, kinds and the delete flow (the
 * harness's `session-manager`; a fake for your own tests).
 */
export function createFakeSessionManager(input: FakeSessionManagerOptions = {}): FakeSessionManager {
  const options = {
    activity: input.activity ?? createActivity(),
    clock: input.clock ?? createClock(),
    deleteFlow: input.deleteFlow ?? NO_DELETE_FLOW,
  };
  const sessions = new Map<string, SessionState>();
  const generations = new Map<string, number>();
  const settingsWrites: SettingsWrite[] = [];
  const advanceGeneration = (sessionId: string) => {
    const current = generations.get(sessionId) ?? 0;
    options.activity.record(() => generations.set(sessionId, current + 1));
    return current;
  };
  const write = (sessionId: string, patch: Partial<SessionSettings>, outcome: SettingsWrite['outcome']) => {
    options.activity.record((seq) => settingsWrites.push({ seq, sessionId, patch: { ...patch }, outcome }));
  };
  const service: SessionManagerService = {
    generationOf: (sessionId) => generations.get(sessionId) ?? 0,
    getSession: (sessionId) => sessions.get(sessionId)?.info,
    getSettings: (sessionId) => {
      const settings = sessions.get(sessionId)?.settings;
      return settings === undefined ? undefined : { ...settings };
    },
    updateSettings: async (sessionId, patch) => {
      const state = sessions.get(sessionId);
      if (state?.settings === undefined) {
        write(sessionId, patch, 'not-found');
        throw new SessionSettingsNotFoundError(sessionId);
      }
      if (state.readOnly) {
        write(sessionId, patch, 'refused');
        throw new SessionSettingsRefusedError(sessionId, { reason: 'the session is read-only' });
      }
      state.settings = { ...state.settings, ...patch };
      write(sessionId, patch, 'written');
    },
    deleteSessions: async (sessionIds) => {
      await deleteSessionFlow({
        sessionIds,
        agent: options.deleteFlow.agent(),
        advanceGeneration,
        deleteChildren: async (parents) => deleteChildren(sessions, parents),
        emitDeleted: (event) => options.deleteFlow.emitDeleted(event),
        runMemoryClear: (ids) => options.deleteFlow.runMemoryClear(ids),
        reason: 'conformance: session deleted',
      });
      for (const sessionId of sessionIds) sessions.delete(sessionId);
    },
  };
  return {
    service,
    settingsWrites,
    create: (spec) => {
      const info: SessionInfo = {
        id: spec.id,
        kind: spec.kind ?? 'console',
        ...(spec.platform === undefined ? {} : { platform: spec.platform }),
        ...(spec.parentId === undefined ? {} : { parentId: spec.parentId }),
        createdAt: options.clock.now(),
      };
      const settings = spec.settings === null ? undefined : { ...(spec.settings ?? {}) };
      sessions.set(spec.id, { info, settings, readOnly: spec.readOnly ?? false });
      return info;
    },
    advanceGeneration,
    deleteSessions: (sessionIds) => service.deleteSessions(sessionIds),
  };
}

function deleteChildren(sessions: Map<string, SessionState>, parents: readonly string[]): string[] {
  const deleted: string[] = [];
  let level = [...parents];
  while (level.length > 0) {
    const children = [...sessions.values()]
      .filter((state) => state.info.parentId !== undefined && level.includes(state.info.parentId))
      .map((state) => state.info.id);
    for (const child of children) sessions.delete(child);
    deleted.push(...children);
    level = children;
  }
  return deleted;
}
