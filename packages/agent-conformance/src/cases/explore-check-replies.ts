import type { Message } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assert } from '../assert';
import type { Harness } from '../harness/harness';
import type { ProgramRun, ReplyObservation } from './explore-observations';
import type { TurnWindow } from './explore-windows';
import { spans } from './explore-windows';
import { outbound, storedReplies } from './scenario';

/**
 * Checks of the replies of an explored program with an `agent:reply:before` middleware, in a
 * `room` session: a turn hands out at most its last reply, never a version a format retry
 * dropped, and no reply when it has none ([ARC-5], [OUT-1]); a format retry asked for in a turn
 * that replied got its model call, and the version it dropped is persisted ([HK-7], [ARC-5]).
 * Not public API.
 */
export function checkReplies(
  harness: Harness,
  run: ProgramRun,
  windows: readonly TurnWindow[],
  where: string,
): void {
  if (run.program.replies.length === 0) return;
  const sent = outbound(harness, run.program.sessionId);
  windows.forEach((window, index) => {
    if (window.blocked) return;
    const which = `turn ${index + 1} (${where})`;
    const within = (seq: number) => spans(window, seq);
    const runs = run.replies.filter((reply) => within(reply.seq));
    const dropped = runs.filter((reply) => reply.retried);
    const handed = sent.filter((message) => message.turnId === window.turn.turnId);
    const replies = storedReplies(harness, run.program.sessionId).filter(
      (message) => message.metadata[Keys.TurnId] === window.turn.turnId,
    );
    checkHandedOut({ window, handed, dropped, replies, which });
    checkAttempts(runs, which);
    if (window.turn.after?.outcome !== 'replied') return;
    for (const reply of dropped) checkRetried(harness, window, reply, which);
  });
}

interface Turn {
  readonly window: TurnWindow;
  /** What the turn handed to the platform. */
  readonly handed: readonly { readonly content: string }[];
  /** The runs of `agent:reply:before` whose version a format retry dropped. */
  readonly dropped: readonly ReplyObservation[];
  /** The turn's stored replies (assistant messages without tool calls). */
  readonly replies: readonly Message[];
  readonly which: string;
}

function checkHandedOut(turn: Turn): void {
  const { window, handed, dropped, replies, which } = turn;
  const outcome = window.turn.after?.outcome;
  const contents = handed.map((message) => `"${message.content}"`).join(', ');
  assert.that('ARC-5', handed.length <= 1, {
    rule: 'in a room session a turn must hand only its last reply to the platform',
    observed: `${which} ended ${String(outcome)} and handed out ${handed.length} messages: ${contents}`,
  });
  const droppedSent = handed.filter((message) => dropped.some((reply) => reply.content === message.content));
  assert.that('ARC-5', droppedSent.length === 0, {
    rule: 'a version a format retry dropped is persisted but never sent',
    observed: `${which} handed out the dropped version ${contents}`,
  });
  // What the model said alongside tool calls is a reply only where the agent took it for one: a
  // format retry answered with tool calls, which the text leaves to the agent.
  const saidSent = handed.filter(
    (message) =>
      message.content.startsWith('said ') && !replies.some((reply) => reply.content === message.content),
  );
  assert.that('ARC-5', saidSent.length === 0, {
    rule: 'in a room session the text said alongside tool calls is persisted but never sent',
    observed: `${which} handed out what the model said alongside its tool calls: ${contents}`,
  });
  assert.that('OUT-1', outcome !== 'replied' || handed.length === 1, {
    rule: 'a turn that ended replied in a room session must hand its final reply to the platform',
    observed: `${which} ended replied and handed out ${handed.length} messages`,
  });
  assert.that('OUT-1', (outcome !== 'silent' && outcome !== 'aborted') || handed.length === 0, {
    rule: 'a silent or aborted turn has no final reply: in a room session it hands out none',
    observed: `${which} ended ${String(outcome)} and handed out ${contents}`,
  });
}

function checkRetried(harness: Harness, window: TurnWindow, reply: ReplyObservation, which: string): void {
  const retryCalls = harness.model.requests.filter(
    (call) => call.seq > reply.seq && call.seq <= window.end,
  ).length;
  assert.that('HK-7', retryCalls > 0, {
    rule: 'a middleware of agent:reply:before that asks for a format retry must get another model call',
    observed: `${which} ended replied with no model call after the retry asked of "${reply.content}" (attempt ${reply.attempt})`,
  });
  const stored = harness.archive.writes
    .filter((write) => write.operation === 'append' && !write.failed)
    .flatMap((write) => write.messages)
    .filter((message) => message.content === reply.content);
  assert.that('ARC-5', stored.length > 0, {
    rule: 'a version a format retry dropped must be persisted',
    observed: `${which} dropped "${reply.content}" for a format retry and never stored it`,
  });
}

/** A turn's runs of the hook number its attempts 0, 1, 2… up to `maxRetries`, tool rounds between or not ([HK-7]). */
function checkAttempts(runs: readonly ReplyObservation[], which: string): void {
  const attempts = runs.map((reply) => reply.attempt);
  const numbered = attempts.every((attempt, index) => attempt === index);
  const within = runs.every((reply) => reply.attempt <= reply.maxRetries);
  assert.that('HK-7', numbered && within, {
    rule: "agent:reply:before's attempt must be 0 for the turn's first reply and n for its n-th format retry, never past maxRetries",
    observed: `${which} ran agent:reply:before with attempts ${attempts.join(', ')} (maxRetries ${runs[0]?.maxRetries})`,
  });
}
