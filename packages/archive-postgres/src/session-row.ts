import { SESSION_KINDS, type SessionInfo, type SessionSettings } from '@aalis/api-session-manager';

/** A row of the sessions table as node-postgres returns it. Not public API. */
export interface SessionRow {
  readonly id: string;
  readonly kind: string;
  readonly platform: string | null;
  readonly parentId: string | null;
  readonly title: string | null;
  readonly createdAt: number;
  readonly settings: string | null;
  readonly readOnly: boolean;
  readonly lastTurn: string | null;
}

/** What the session manager keeps of one session. Not public API. */
export interface SessionState {
  readonly info: SessionInfo;
  readonly settings: SessionSettings | undefined;
  readonly readOnly: boolean;
}

/**
 * A row as the session's state. Rows come from a shared database, so they are checked: an
 * unknown kind or JSON that does not parse to an object throws an `Error` naming the session.
 */
export function sessionStateOf(row: SessionRow): SessionState {
  if (!(SESSION_KINDS as readonly string[]).includes(row.kind)) {
    throw new Error(`session ${row.id}: unknown kind ${JSON.stringify(row.kind)}`);
  }
  const lastTurn = row.lastTurn === null ? undefined : parseObject(row.lastTurn, row.id, 'lastTurn');
  const info: SessionInfo = {
    id: row.id,
    kind: row.kind as SessionInfo['kind'],
    ...(row.platform === null ? {} : { platform: row.platform }),
    ...(row.parentId === null ? {} : { parentId: row.parentId }),
    ...(row.title === null ? {} : { title: row.title }),
    createdAt: row.createdAt,
    ...(lastTurn === undefined ? {} : { lastTurn: lastTurn as unknown as SessionInfo['lastTurn'] }),
  };
  const settings =
    row.settings === null ? undefined : (parseObject(row.settings, row.id, 'settings') as SessionSettings);
  return { info, settings, readOnly: row.readOnly };
}

function parseObject(text: string, sessionId: string, column: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`session ${sessionId}: ${column} is not valid JSON`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`session ${sessionId}: ${column} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}
