import {
  deleteSessionFlow,
  type SessionClearingAgent,
  type SessionDeletedEvent,
  type SessionInfo,
  type SessionKind,
  type SessionLastTurn,
  type SessionManagerService,
  type SessionSettings,
  SessionSettingsNotFoundError,
  SessionSettingsRefusedError,
  sessionSettingsProblem,
} from '@aalis/api-session-manager';

/** A session to create. */
export interface SessionSpec {
  readonly id: string;
  /** Default `console` (everything the assistant says is shown as it is said). */
  readonly kind?: SessionKind;
  readonly platform?: string;
  /** The parent of a child session; deleting the parent deletes it too. */
  readonly parentId?: string;
  readonly title?: string;
  /** The session's own settings; `null` for none ([SET-1]). Default `{}`. */
  readonly settings?: SessionSettings | null;
  /** Refuse every settings write ([SET-1]). Default `false`. */
  readonly readOnly?: boolean;
}

/** Options of {@link createSessionManager}. */
export interface SessionManagerOptions {
  /** The agent whose `clearing` stops and holds deleted sessions ([CLR-1]); read at each deletion. */
  readonly agent?: () => SessionClearingAgent | undefined;
  /** Emits `session:deleted` and waits for its listeners ([DEL-1]). Default: nothing. */
  readonly emitDeleted?: (event: SessionDeletedEvent) => void | Promise<void>;
  /** Runs the `memory:clear` chain for deleted sessions. Default: nothing. */
  readonly runMemoryClear?: (sessionIds: readonly string[]) => Promise<void>;
  /** Stamps `createdAt` (default `Date.now`). */
  readonly now?: () => number;
}

/** An in-memory `SessionManagerService` with the means to create sessions and record their last turn. */
export interface InMemorySessionManager extends SessionManagerService {
  /** Creates a session, or returns the existing one with that id unchanged. */
  ensureSession(spec: SessionSpec): SessionInfo;
  /** Every session, in creation order. */
  listSessions(): SessionInfo[];
  /** Records how the session's last turn ended (what a session manager keeps from `agent:turn:after`). */
  recordLastTurn(sessionId: string, lastTurn: SessionLastTurn): void;
}

interface SessionState {
  info: SessionInfo;
  settings: SessionSettings | undefined;
  readonly readOnly: boolean;
}

/**
 * Makes an in-memory session manager: sessions with kinds and parents, per-session
 * settings validated on write ([SET-1], [SET-2]), generations that advance when a session
 * is deleted ([DEL-2]), and deletion through `deleteSessionFlow` so the agent stops and holds
 * the sessions while children are deleted, `session:deleted` is emitted and `memory:clear`
 * runs ([CLR-1], [CLR-5], [DEL-1]).
 */
export function createSessionManager(options: SessionManagerOptions = {}): InMemorySessionManager {
  const sessions = new Map<string, SessionState>();
  const generations = new Map<string, number>();
  const now = options.now ?? Date.now;
  const advanceGeneration = (sessionId: string) => {
    const generation = generations.get(sessionId) ?? 0;
    generations.set(sessionId, generation + 1);
    return generation;
  };
  return {
    generationOf: (sessionId) => generations.get(sessionId) ?? 0,
    getSession: (sessionId) => sessions.get(sessionId)?.info,
    getSettings: (sessionId) => {
      const settings = sessions.get(sessionId)?.settings;
      return settings === undefined ? undefined : { ...settings };
    },
    updateSettings: async (sessionId, patch) => updateSettings(sessions.get(sessionId), sessionId, patch),
    deleteSessions: async (sessionIds) => {
      await deleteSessionFlow({
        sessionIds,
        agent: options.agent?.(),
        advanceGeneration,
        deleteChildren: async (parents) => deleteChildren(sessions, parents),
        emitDeleted: options.emitDeleted ?? (() => undefined),
        runMemoryClear: options.runMemoryClear ?? (async () => undefined),
        reason: 'session deleted',
      });
      for (const sessionId of sessionIds) sessions.delete(sessionId);
    },
    ensureSession: (spec) => ensureSession(sessions, spec, now),
    listSessions: () => [...sessions.values()].map((state) => state.info),
    recordLastTurn: (sessionId, lastTurn) => {
      const state = sessions.get(sessionId);
      if (state !== undefined) state.info = { ...state.info, lastTurn };
    },
  };
}

function ensureSession(
  sessions: Map<string, SessionState>,
  spec: SessionSpec,
  now: () => number,
): SessionInfo {
  if (typeof spec?.id !== 'string' || spec.id === '') throw new TypeError('A session needs a non-empty id');
  const existing = sessions.get(spec.id);
  if (existing !== undefined) return existing.info;
  const info: SessionInfo = {
    id: spec.id,
    kind: spec.kind ?? 'console',
    ...(spec.platform === undefined ? {} : { platform: spec.platform }),
    ...(spec.parentId === undefined ? {} : { parentId: spec.parentId }),
    ...(spec.title === undefined ? {} : { title: spec.title }),
    createdAt: now(),
  };
  const settings = spec.settings === null ? undefined : { ...(spec.settings ?? {}) };
  sessions.set(spec.id, { info, settings, readOnly: spec.readOnly ?? false });
  return info;
}

function updateSettings(
  state: SessionState | undefined,
  sessionId: string,
  patch: Partial<SessionSettings>,
): void {
  if (state?.settings === undefined) throw new SessionSettingsNotFoundError(sessionId);
  if (state.readOnly)
    throw new SessionSettingsRefusedError(sessionId, { reason: 'the session is read-only' });
  const problem = sessionSettingsProblem(patch);
  if (problem !== undefined) throw new SessionSettingsRefusedError(sessionId, { reason: problem });
  state.settings = { ...state.settings, ...patch };
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
