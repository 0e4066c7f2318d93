import { assert } from '../assert';
import type { Harness } from '../harness/harness';
import type { ProgramRun } from './explore-observations';
import type { TurnWindow } from './explore-windows';

/**
 * Checks that a human input listed as waiting while a human-opened turn runs joins that turn's
 * next model call ([SCH-2]): when the session's last `agent:queue` before a model call of the turn
 * lists it (it passed per-input processing) with no injection ahead of it, that call's turn holds
 * it. Turns a stop came for meanwhile are left out: their insertions may be released or open the
 * next turn ([ABT-3], [ABT-4]). Not public API.
 */
export function checkJoins(
  harness: Harness,
  run: ProgramRun,
  windows: readonly TurnWindow[],
  where: string,
): void {
  const sessionId = run.program.sessionId;
  const queues = harness.events.of('agent:queue').filter((event) => event.payload.sessionId === sessionId);
  const stops = [...run.aborts.filter((abort) => !abort.stale), ...run.clearings, ...run.deletions];
  const ours = new Set(run.inputs.map((input) => input.message.content));
  windows.forEach((window, index) => {
    const opener = window.turn.inputs[0]?.message;
    if (window.blocked || opener === undefined || opener.source !== undefined) return;
    const held = new Set(window.turn.inputs.map((input) => input.message.content));
    const within = (seq: number) => window.start < seq && seq <= window.end;
    for (const call of harness.model.requests.filter((request) => within(request.seq))) {
      if (stops.some((stop) => window.start < stop.seq && stop.seq < call.seq)) return;
      const listed = queues.filter((event) => window.start < event.seq && event.seq < call.seq).at(-1);
      const waiting = listed?.payload.waiting ?? [];
      const firstInjection = waiting.findIndex((message) => message.source !== undefined);
      const joining = (firstInjection < 0 ? waiting : waiting.slice(0, firstInjection)).filter((message) =>
        ours.has(message.content),
      );
      const missing = joining.filter((message) => !held.has(message.content));
      assert.that('SCH-2', missing.length === 0, {
        rule: 'a human input waiting while a human-opened turn runs must join that turn before its next model call',
        observed: `${missing.map((message) => `"${message.content}"`).join(', ')}, listed as waiting by agent:queue at ${listed?.seq} before turn ${index + 1}'s model call at ${call.seq}, is not among the turn's inputs (${where})`,
      });
    }
  });
}
