import { SqliteArchiveStore } from '@aalis/archive-adapter';
import { WellKnownMetadataKeys as Keys, type Message, WellKnownKinds } from '@aalis/schema-message';

/** A turn of the file that has no record: what a kill cut. */
export interface CutTurnFound {
  readonly sessionId: string;
  readonly turnId: string;
  /** The content of its first stored input, if any. */
  readonly firstInput: string | undefined;
  /** What it stored last: `input`, `tool group`, `reply` or `stop marker`. */
  readonly storedLast: string;
  /** Whether it lies after every recorded turn of its session (only such turns can be closed). */
  readonly inTail: boolean;
}

/** What the file holds, as the crash test checks it. */
export interface ArchiveInspection {
  /** Turns with more than one record: none may have. */
  readonly recordedTwice: readonly string[];
  /** Tool calls without a result, and results without a call: none may be. */
  readonly unmatchedToolCalls: readonly string[];
  /** Turns with no record. */
  readonly cut: readonly CutTurnFound[];
  /** Turns closed by recovery: record `aborted` and a stop marker with the crash wording. */
  readonly closed: ReadonlySet<string>;
  readonly turns: number;
}

/** Opens the file (no child may run), reads every session and closes it again. */
export async function inspectArchive(
  path: string,
  sessionIds: readonly string[],
  crashMarker: string,
): Promise<ArchiveInspection> {
  const store = new SqliteArchiveStore({ path });
  const inspection: Collecting = {
    recordedTwice: [],
    unmatchedToolCalls: [],
    cut: [],
    closed: new Set(),
    turns: 0,
  };
  try {
    for (const sessionId of sessionIds) await inspectSession(store, sessionId, crashMarker, inspection);
  } finally {
    await store.close();
  }
  return inspection;
}

interface Collecting {
  recordedTwice: string[];
  unmatchedToolCalls: string[];
  cut: CutTurnFound[];
  closed: Set<string>;
  turns: number;
}

async function inspectSession(
  store: SqliteArchiveStore,
  sessionId: string,
  crashMarker: string,
  into: Collecting,
): Promise<void> {
  const messages = await store.list(sessionId);
  const lastRecord = messages.findLastIndex((message) => message.metadata[Keys.TurnRecord] !== undefined);
  for (const item of (await store.timeline(sessionId)).items) {
    if (item.type !== 'turn') continue;
    into.turns += 1;
    const own = messages.filter((message) => message.metadata[Keys.TurnId] === item.turnId);
    const records = own.filter((message) => message.metadata[Keys.TurnRecord] !== undefined).length;
    if (records > 1) into.recordedTwice.push(item.turnId);
    for (const segment of item.segments)
      if (segment.type === 'tool_call' && (segment.call === undefined || segment.result === undefined))
        into.unmatchedToolCalls.push(`${item.turnId}/${segment.toolCallId}`);
    if (records === 0)
      into.cut.push(cutTurnOf(sessionId, item.turnId, own, messages.indexOf(own[0] as Message) > lastRecord));
    const crashStopped = own.some(
      (message) => message.kind === WellKnownKinds.TurnStopped && message.content === crashMarker,
    );
    if (crashStopped && item.record?.outcome === 'aborted') into.closed.add(item.turnId);
  }
}

function cutTurnOf(
  sessionId: string,
  turnId: string,
  own: readonly Message[],
  inTail: boolean,
): CutTurnFound {
  const last = own.at(-1);
  const storedLast =
    last?.kind === WellKnownKinds.TurnStopped
      ? 'stop marker'
      : last?.role === 'user'
        ? 'input'
        : last?.role === 'tool'
          ? 'tool group'
          : 'reply';
  const firstInput = own.find((message) => message.role === 'user')?.content;
  return { sessionId, turnId, firstInput, storedLast, inTail };
}
