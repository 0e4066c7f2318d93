import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assert } from '../assert';
import type { Harness } from '../harness/harness';
import type { TurnWindow } from './explore-windows';
import { EXIT_PATHS, storedReplies } from './scenario';

/**
 * Checks of every turn of an explored program: its end, its inputs, its record and reply.
 * `where` names the program in failure messages. Not public API.
 */
export function checkTurns(
  harness: Harness,
  windows: readonly TurnWindow[],
  where: string,
  dropped: ReadonlySet<string> = new Set(),
): void {
  const afterRuns = harness.hooks.of('agent:turn:after');
  windows.forEach((window, index) => {
    const { turn } = window;
    const ends = afterRuns.filter((run) => run.payload.turnId === turn.turnId);
    const previous = windows[index - 1];
    assert.that('SCH-5', previous === undefined || previous.end < window.start, {
      rule: 'turns of one session must run one at a time',
      observed: `turn ${index + 1} reached agent:turn:before before turn ${index} ended (${where})`,
    });
    checkInputsOfTurn(window, index, where);
    if (window.blocked) {
      checkBlocked(harness, window, ends.length, index, where);
      return;
    }
    assert.equal('HK-8', ends.length, 1, {
      rule: 'every turn that passed agent:turn:before must run agent:turn:after exactly once',
      subject: `the agent:turn:after runs of turn ${index + 1} (${where})`,
    });
    assert.that('HK-8', turn.after?.inputs === turn.inputs && EXIT_PATHS.includes(turn.after.outcome), {
      rule: 'agent:turn:after must carry the same inputs array as agent:turn:before and one of the four outcomes',
      observed: `turn ${index + 1} ended with outcome ${String(turn.after?.outcome)} and ${turn.after?.inputs === turn.inputs ? 'the same' : 'another'} inputs array (${where})`,
    });
    checkRecordAndReply(harness, window, { index, where, dropped });
  });
}

/** A turn a middleware blocked at `agent:turn:before`: it ran nothing and wrote nothing ([HK-2]). */
function checkBlocked(
  harness: Harness,
  window: TurnWindow,
  ends: number,
  index: number,
  where: string,
): void {
  const { turn } = window;
  const modelCalls = harness.model.requests.filter(
    (call) => window.start <= call.seq && call.seq <= window.end,
  ).length;
  assert.that('HK-2', ends === 0 && modelCalls === 0, {
    rule: 'a turn blocked at agent:turn:before (next not called) must not run: no model call, no agent:turn:after',
    observed: `turn ${index + 1}, blocked, made ${modelCalls} model call(s) and ran agent:turn:after ${ends} time(s) (${where})`,
  });
  const stored = harness.archive
    .messages(turn.sessionId)
    .filter((message) => message.metadata[Keys.TurnId] === turn.turnId);
  assert.that(
    'ARC-8',
    stored.every((message) => message.metadata[Keys.TurnRecord] === undefined),
    {
      rule: 'a turn blocked at agent:turn:before must write no turn record',
      observed: `turn ${index + 1}, blocked, has a turn record (${where})`,
    },
  );
}

function checkInputsOfTurn(window: TurnWindow, index: number, where: string): void {
  const { inputs } = window.turn;
  const injections = inputs.filter((input) => input.message.source !== undefined);
  assert.that('SCH-4', injections.length === 0 || inputs.length === 1, {
    rule: 'an injection must form a turn of its own: nothing is inserted into its turn, and it into no other',
    observed: `turn ${index + 1} held ${inputs.length} inputs, ${injections.length} of them injections (${where})`,
  });
  const sources = new Set(inputs.map((input) => JSON.stringify(input.message.source ?? null)));
  const sessions = new Set(inputs.map((input) => input.message.sessionId));
  assert.that('SCH-7', sources.size === 1 && sessions.size === 1, {
    rule: 'all inputs of one turn must share session and source',
    observed: `turn ${index + 1} held inputs of ${sessions.size} session(s) and ${sources.size} source(s) (${where})`,
  });
}

interface At {
  readonly index: number;
  readonly where: string;
  /** The replies format retries dropped: persisted, yet no final reply ([ARC-5]). */
  readonly dropped: ReadonlySet<string>;
}

function checkRecordAndReply(harness: Harness, window: TurnWindow, at: At): void {
  const { index, where, dropped } = at;
  const { turn } = window;
  const outcome = turn.after?.outcome;
  const stored = harness.archive
    .messages(turn.sessionId)
    .filter((message) => message.metadata[Keys.TurnId] === turn.turnId);
  const records = stored.filter((message) => message.metadata[Keys.TurnRecord] !== undefined);
  assert.that('ARC-8', records.length === 1 && records[0]?.metadata[Keys.TurnRecord]?.outcome === outcome, {
    rule: 'every turn must persist exactly one turn record, with its outcome, on its last reply or on one event marker',
    observed: `turn ${index + 1} (outcome ${String(outcome)}) has ${records.length} turn record(s)${records.map((message) => ` (on a ${message.kind ?? message.role} message, outcome ${String(message.metadata[Keys.TurnRecord]?.outcome)})`).join(',')} (${where})`,
  });
  const recorded = records[0];
  const onMarker = recorded?.role === 'system' && recorded.kind === 'event-marker';
  assert.that('ARC-8', outcome === 'replied' || recorded === undefined || onMarker, {
    rule: 'a turn with no persisted reply (silent, aborted, error) must write its record on one event marker',
    observed: `turn ${index + 1} ended ${String(outcome)} with its record on a ${recorded?.kind ?? recorded?.role} message (${where})`,
  });
  assert.that('ARC-8', outcome !== 'replied' || (recorded !== undefined && !dropped.has(recorded.content)), {
    rule: "a replied turn's record must be on its last persisted reply, not on a version a format retry dropped",
    observed: `turn ${index + 1} ended replied with its record on "${String(recorded?.content)}", a dropped version (${where})`,
  });
  const replies = storedReplies(harness, turn.sessionId).filter(
    (message) => message.metadata[Keys.TurnId] === turn.turnId && !dropped.has(message.content),
  );
  assert.that('OUT-1', (outcome === 'replied') === replies.length > 0, {
    rule: 'a replied turn must persist its final reply; the other outcomes persist none',
    observed: `turn ${index + 1} ended ${String(outcome)} with ${replies.length} final repl(ies) in history (${where})`,
  });
  assert.that('OUT-2', (outcome === 'error') === (turn.after?.error !== undefined), {
    rule: 'agent:turn:after must carry error exactly when the outcome is error',
    observed: `turn ${index + 1} ended ${String(outcome)} ${turn.after?.error === undefined ? 'without' : 'with'} error (${where})`,
  });
}
