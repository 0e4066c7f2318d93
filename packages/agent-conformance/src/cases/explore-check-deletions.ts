import type { IncomingMessage, Message } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assert } from '../assert';
import type { ArchiveWrite } from '../harness/archive-write';
import type { Harness } from '../harness/harness';
import type { DeletionObservation, ProgramRun } from './explore-observations';
import type { TurnWindow } from './explore-windows';

/**
 * Checks of every deletion of an explored program's session: the turns begun before it ended
 * before its `session:deleted` listener resolved ([DEL-1]) and wrote nothing after ([DEL-3]); the
 * inputs handed over before it entered no turn begun after it ([DEL-1] for those waiting after
 * quiet, [DEL-2] for those still on their way) and were not archived after the listener resolved
 * ([DEL-3]). Not public API.
 */
export function checkDeletions(
  harness: Harness,
  run: ProgramRun,
  windows: readonly TurnWindow[],
  where: string,
): void {
  run.deletions.forEach((deletion, index) => {
    const at = { which: `deletion ${index + 1} (at ${deletion.seq})`, where };
    const listened = deletion.listened ?? Number.POSITIVE_INFINITY;
    const begun = windows.filter((window) => window.start < deletion.seq && !window.blocked);
    const late = begun.find((window) => window.end > listened);
    assert.that('DEL-1', late === undefined, {
      rule: 'on session:deleted the running turn must be stopped, and the listener resolve only after it ended',
      observed: `turn ${late?.turn.turnId}, begun before ${at.which}, ended after its listener resolved (${where})`,
    });
    checkOldInputs(harness, run, deletion, windows, at);
    checkNothingAfter(harness, run, deletion, begun, at);
  });
}

interface At {
  readonly which: string;
  readonly where: string;
}

/** The inputs of the old generation enter no turn of the new one. */
function checkOldInputs(
  harness: Harness,
  run: ProgramRun,
  deletion: DeletionObservation,
  windows: readonly TurnWindow[],
  at: At,
): void {
  const later = windows.filter((window) => window.start > deletion.seq);
  for (const input of run.inputs.filter((candidate) => candidate.seq < deletion.seq)) {
    const content = input.message.content;
    const entered = later.filter((window) =>
      window.turn.inputs.some((one) => one.message.content === content),
    );
    // Queued when the deletion came: waiting after quiet, or listed by the session's last agent:queue.
    const waiting = deletion.waiting.includes(input) || listedBefore(harness, deletion.seq, input.message);
    assert.that(waiting ? 'DEL-1' : 'DEL-2', entered.length === 0, {
      rule: waiting
        ? 'on session:deleted the queued and pending inputs of the session must be released: they open no turn'
        : 'an input whose session generation changed before it reached the queue must be released: it opens no turn',
      observed: `"${content}", handed over before ${at.which}${waiting ? ' and waiting then' : ''}, entered a turn begun after it (${at.where})`,
    });
  }
}

/** Whether the last `agent:queue` of the message's session before `seq` listed it as waiting ([SCH-8]). */
function listedBefore(harness: Harness, seq: number, message: IncomingMessage): boolean {
  const last = harness.events
    .of('agent:queue')
    .filter((event) => event.payload.sessionId === message.sessionId && event.seq < seq)
    .at(-1);
  return last?.payload.waiting.some((waiting) => waiting.content === message.content) === true;
}

/** Nothing of the turns begun before the deletion, nor of the inputs it released, is stored after its listener resolved. */
function checkNothingAfter(
  harness: Harness,
  run: ProgramRun,
  deletion: DeletionObservation,
  begun: readonly TurnWindow[],
  at: At,
): void {
  const listened = deletion.listened ?? Number.POSITIVE_INFINITY;
  const turnIds = new Set(begun.map((window) => window.turn.turnId));
  const sessionId = run.program.sessionId;
  const stored = harness.archive.messages(sessionId);
  const old = new Set(
    run.inputs.filter((input) => input.seq < deletion.seq).map((input) => input.message.content),
  );
  const late = harness.archive.writes.filter(
    (write) =>
      write.seq > listened &&
      !write.failed &&
      write.sessionId === sessionId &&
      isOfOldGeneration(write, { turnIds, old, stored }),
  );
  assert.that('DEL-3', late.length === 0, {
    rule: "nothing of a deleted session's in-flight turn may be persisted after the session:deleted listener resolved",
    observed: `${late.length} write(s) of turns or inputs handed over before ${at.which} came after its listener resolved (at ${listened}): ${late.map((write) => `${write.operation} at ${write.seq}`).join(', ')} (${at.where})`,
  });
}

interface OldGeneration {
  readonly turnIds: ReadonlySet<string>;
  readonly old: ReadonlySet<string>;
  readonly stored: readonly Message[];
}

function isOfOldGeneration(write: ArchiveWrite, generation: OldGeneration): boolean {
  const { turnIds, old, stored } = generation;
  const ofTurn = (message: Message | undefined) =>
    message !== undefined && turnIds.has(String(message.metadata[Keys.TurnId]));
  if (write.operation === 'archiveIncoming')
    return (
      turnIds.has(String(write.incoming?.turnId)) ||
      (write.incoming?.turnId === undefined && old.has(String(write.messages[0]?.content)))
    );
  if (write.operation === 'append') return write.messages.some(ofTurn);
  if (write.operation === 'updateMetadata')
    return ofTurn(stored.find((message) => message.id === write.messageId));
  return false;
}
