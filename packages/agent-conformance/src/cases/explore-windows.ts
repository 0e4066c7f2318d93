import type { Harness } from '../harness/harness';
import type { TurnView } from './scenario';
import { turns } from './scenario';

/**
 * The turns of an explored program's session, each with the span of activity numbers it ran
 * in: from `agent:turn:before` to the start of its `agent:turn:after`, or to the end of its
 * `agent:turn:before` when a middleware blocked it. Programs run one after the other, so a
 * model call or tool call in that span is the turn's. Not public API.
 */
export interface TurnWindow {
  readonly turn: TurnView;
  readonly start: number;
  readonly end: number;
  /** A middleware did not call `next` of its `agent:turn:before`: the turn never ran ([HK-2]). */
  readonly blocked: boolean;
}

/** The turns of `sessionId` with their spans (a turn that never ended runs to the end). */
export function turnWindows(harness: Harness, sessionId: string): TurnWindow[] {
  return turns(harness, sessionId).map((turn) => {
    const blocked = turn.before.blocked === true;
    const end = blocked ? turn.before.endSeq : turn.afterRun?.seq;
    return { turn, start: turn.before.seq, end: end ?? Number.POSITIVE_INFINITY, blocked };
  });
}

/** Whether activity number `seq` falls in the window's span, its ends included. */
export function spans(window: TurnWindow, seq: number): boolean {
  return window.start <= seq && seq <= window.end;
}

/** The window whose span holds activity number `seq`. */
export function windowAt(windows: readonly TurnWindow[], seq: number): TurnWindow | undefined {
  return windows.find((window) => spans(window, seq));
}

/** The turns whose inputs hold an input with this content (the explored inputs' contents are unique). */
export function turnsHolding(windows: readonly TurnWindow[], content: string): TurnWindow[] {
  return windows.filter((window) => window.turn.inputs.some((input) => input.message.content === content));
}
