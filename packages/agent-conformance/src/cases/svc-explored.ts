import type { CaseContext } from '../define-case';
import { defineCase } from '../define-case';
import { checkAborts } from './explore-check-aborts';
import { checkClearings } from './explore-check-clearings';
import { checkDeletions } from './explore-check-deletions';
import { checkIds } from './explore-check-ids';
import { checkInputs } from './explore-check-inputs';
import { checkJoins } from './explore-check-joins';
import { checkReplies } from './explore-check-replies';
import { checkSettings } from './explore-check-settings';
import { checkTurns } from './explore-check-turns';
import type { ExploreProgram } from './explore-program';
import {
  describeProgram,
  generateAssigningProgram,
  generateClearingProgram,
  generateDeletionProgram,
  generateHookedProgram,
  generateProgram,
  generateReplyProgram,
} from './explore-program';
import { runProgram } from './explore-run';
import { turnWindows } from './explore-windows';

/** The seeds of the explored programs: fixed, so every run of the kit explores the same ones. */
export const EXPLORED_SEEDS: readonly number[] = Array.from({ length: 64 }, (_, index) => index + 1);

/** The seeds of the explored programs with other plugins' middlewares in their session. */
export const HOOKED_SEEDS: readonly number[] = Array.from({ length: 32 }, (_, index) => index + 65);

/** The seeds of the explored programs that also clear the session's history. */
export const CLEARING_SEEDS: readonly number[] = Array.from({ length: 32 }, (_, index) => index + 97);

/** The seeds of the explored programs that also delete the session. */
export const DELETION_SEEDS: readonly number[] = Array.from({ length: 32 }, (_, index) => index + 129);

/** The seeds of the explored programs with an `agent:reply:before` middleware in a room session. */
export const REPLY_SEEDS: readonly number[] = Array.from({ length: 64 }, (_, index) => index + 449);

/** The seeds of the explored programs that also assign the session models. */
export const ASSIGNING_SEEDS: readonly number[] = Array.from({ length: 96 }, (_, index) => index + 353);

/** The rules every explored program is checked against, whatever its order of moves. */
const EXPLORED_RULES = [
  'SVC-2',
  'SCH-1',
  'SCH-2',
  'SCH-4',
  'SCH-5',
  'SCH-7',
  'ABT-1',
  'ABT-2',
  'ABT-3',
  'ABT-4',
  'ABT-7',
  'TID-1',
  'TID-2',
  'TID-3',
  'ARC-6',
  'ARC-8',
  'USG-1',
  'HK-3',
  'HK-8',
  'OUT-1',
  'OUT-2',
] as const;

/** Runs each program in a session of its own and checks after each what holds in any order. */
async function explore(context: CaseContext, programs: readonly ExploreProgram[]): Promise<void> {
  const h = context.harness;
  for (const program of programs) {
    const run = await runProgram(context, program);
    const windows = turnWindows(h, program.sessionId);
    const where = `explored program of ${describeProgram(program)}`;
    const dropped = new Set(run.replies.filter((reply) => reply.retried).map((reply) => reply.content));
    checkTurns(h, windows, where, dropped);
    checkInputs(h, run, windows, where);
    checkJoins(h, run, windows, where);
    checkAborts(h, run, windows, where);
    checkClearings(h, run, windows, where);
    checkDeletions(h, run, windows, where);
    checkReplies(h, run, windows, where);
    checkSettings(h, run, windows, where);
    checkIds(h, windows, where);
  }
}

/**
 * Cases written for one path each miss what happens when two things meet: a second input while
 * a tool call waits, a stop while an input is queued behind a held reply, a failing model after
 * an inserted input. This case generates programs of such moves from fixed seeds (human inputs
 * and injections, waits for quiet, held model and tool calls let go, `abort` with and without
 * `queued`, `abort` naming an ended turn), runs each in a session of its own, and checks after
 * each the rules that hold whatever the order: every input settles ([SVC-2]) in one turn or
 * released ([ABT-3]), archived once with the right id ([ARC-6]); turns one at a time ([SCH-5]) and never ended by an arriving input ([SCH-1]),
 * injections alone ([SCH-4]), one source per turn ([SCH-7]); one end, one record, one reply
 * when replied ([HK-8], [ARC-8], [OUT-1], [OUT-2]); fresh ids carried everywhere ([TID-1]–[TID-3]);
 * one agent:llm:before per model call ([HK-3]);
 * one usage per answered call ([USG-1]); and what each abort made after quiet returned and did
 * ([ABT-1], [ABT-2], [ABT-4], [ABT-7]). A failure names the seed and the program.
 */
const exploredPrograms = defineCase({
  requirements: [...EXPLORED_RULES],
  name: 'generated programs of inputs, stops and held calls keep the rules of turns, ids, records and releases',
  timeoutMs: 60_000,
  timeoutViolates: ['SVC-2'],
  run: (context) => explore(context, EXPLORED_SEEDS.map(generateProgram)),
});

/**
 * The same kind of programs with another plugin's middlewares in the session, doing what the
 * contract lets them: one or two turns blocked at `agent:turn:before` ([HK-2]: the turn runs
 * nothing, archives nothing, writes no record and has no `agent:turn:after`, and is not running
 * for `abort` afterwards), an input dropped at `agent:input:before` ([HK-1]: in no turn, archived
 * nowhere). Every other rule of the plain programs holds around them: the inputs queued behind a
 * blocked turn open the next, a stop after it stops nothing.
 */
const hookedPrograms = defineCase({
  requirements: [...EXPLORED_RULES.slice(0, 1), 'HK-1', 'HK-2', ...EXPLORED_RULES.slice(1)],
  name: 'generated programs with turns blocked at agent:turn:before and inputs dropped at agent:input:before keep the same rules',
  timeoutMs: 60_000,
  timeoutViolates: ['SVC-2'],
  run: (context) => explore(context, HOOKED_SEEDS.map(generateHookedProgram)),
});

/**
 * The same kind of programs with clearings among their moves: `clearing` of the session at once
 * or after quiet, its `clear` returning at once or held while inputs arrive and calls are let go.
 * After each it also checks that `clear` ran with no turn of the session running ([CLR-1]), that
 * no turn started while it ran and the inputs that arrived meanwhile waited, unarchived, to run
 * after it ([CLR-2]), and after quiet that the running turn ended aborted and the waiting inputs
 * were released without being archived ([CLR-1]). One clearing at a time: overlapping ones are
 * [CLR-7], which the text does not settle.
 */
const clearingPrograms = defineCase({
  requirements: [...EXPLORED_RULES.slice(0, 11), 'CLR-1', 'CLR-2', ...EXPLORED_RULES.slice(11)],
  name: 'generated programs with clearings of the session keep the rules of clearing and the same rules',
  timeoutMs: 60_000,
  timeoutViolates: ['SVC-2'],
  run: (context) => explore(context, CLEARING_SEEDS.map(generateClearingProgram)),
});

/**
 * The same kind of programs with deletions of the session among their moves: its generation moves
 * on and `session:deleted` is emitted, at once or after quiet, while turns run, calls are held and
 * inputs wait or arrive; the session lives on in its new generation. After each it also checks
 * that every turn begun before a deletion ended before its listener resolved ([DEL-1]) and wrote
 * nothing after ([DEL-3]), that the inputs handed over before it entered no later turn ([DEL-1]
 * when they waited, [DEL-2] when they were on their way) and that those it released were not
 * archived ([DEL-1]).
 */
const deletionPrograms = defineCase({
  requirements: [...EXPLORED_RULES.slice(0, 11), 'DEL-1', 'DEL-2', 'DEL-3', ...EXPLORED_RULES.slice(11)],
  name: 'generated programs with deletions of the session keep the rules of deletion and the same rules',
  timeoutMs: 60_000,
  timeoutViolates: ['SVC-2'],
  run: (context) => explore(context, DELETION_SEEDS.map(generateDeletionProgram)),
});

/**
 * The same kind of programs in a `room` session with an `agent:reply:before` middleware of another
 * plugin that lets replies go, asks for format retries and holds replies while inputs arrive and
 * stops come. After each it also checks that a turn handed out at most one reply, never a version
 * a format retry dropped, its final reply when it replied and none when silent or aborted ([ARC-5],
 * [OUT-1]), and that a retry asked for in a turn that replied got its model call ([HK-7]) and its
 * dropped version persisted ([ARC-5]).
 */
const replyPrograms = defineCase({
  requirements: [
    ...EXPLORED_RULES.slice(0, 14),
    'ARC-5',
    ...EXPLORED_RULES.slice(14, 18),
    'HK-7',
    ...EXPLORED_RULES.slice(18),
  ],
  name: 'generated programs with format retries and held replies in a room keep the rules of replies and the same rules',
  timeoutMs: 60_000,
  timeoutViolates: ['SVC-2'],
  run: (context) => explore(context, REPLY_SEEDS.map(generateReplyProgram)),
});

/**
 * The same kind of programs with model assignments among their moves: `assignModel` of a model
 * that sees images or of one that does not, at once or after quiet, while turns run and calls are
 * held. After each it also checks that every `assignModel` resolved with its model written
 * ([SET-1]), that each model call's `agent:llm:before` carried the vision of the model the call
 * went to ([HK-3]: an agent may keep the turn's model or switch for the next call), and that every
 * final reply records a model its turn called ([ARC-3]).
 */
const assigningPrograms = defineCase({
  requirements: [
    ...EXPLORED_RULES.slice(0, 14),
    'ARC-3',
    ...EXPLORED_RULES.slice(14, 17),
    'SET-1',
    ...EXPLORED_RULES.slice(17),
  ],
  name: 'generated programs with model assignments keep the rules of settings, vision and reply records and the same rules',
  timeoutMs: 60_000,
  timeoutViolates: ['SVC-2'],
  run: (context) => explore(context, ASSIGNING_SEEDS.map(generateAssigningProgram)),
});

/** The cases of generated programs ([SVC-2] and the rules they check after each). */
export const SVC_EXPLORED_CASES = [
  exploredPrograms,
  hookedPrograms,
  clearingPrograms,
  deletionPrograms,
  replyPrograms,
  assigningPrograms,
];
