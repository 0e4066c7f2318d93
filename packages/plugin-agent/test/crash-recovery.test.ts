import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cutTurnText } from '@aalis/archive-adapter';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildRun, type KillPlan, runCrashChild } from './support/crash-child';
import { type ArchiveInspection, type CutTurnFound, inspectArchive } from './support/inspect-archive';

const SESSION_IDS = ['s0', 's1', 's2', 's3'];
const KILLS = 20;
const crashMarker = cutTurnText('zh').stopMarker;
const directory = mkdtempSync(join(tmpdir(), 'plugin-agent-crash-'));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Numbers from a seed, so a failing run can be replayed with `CRASH_SEED`. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

/** Every fifth kill lands in the touch phase (recovery included), the others while turns run. */
function killPlan(run: number, random: () => number): KillPlan {
  if (run % 5 === 4) return { after: 'ready', milliseconds: Math.floor(random() * 80) };
  return { after: 'touched', milliseconds: 20 + Math.floor(random() * 400) };
}

/** What the kills cut, for the report. */
interface Figures {
  kills: number;
  killsThatCut: number;
  cutTurns: number;
  /** Cut turns by the last phase their session reported before the kill. */
  byPhase: Record<string, number>;
  /** Cut turns by what they had stored last. */
  byStoredLast: Record<string, number>;
  /** Kills in the touch phase: cut turns recovery had already closed, and those it had not. */
  touchKills: { closedBefore: number; leftCut: number };
  firstRequestsChecked: number;
}

function count(tally: Record<string, number>, key: string): void {
  tally[key] = (tally[key] ?? 0) + 1;
}

function newlyCut(before: readonly CutTurnFound[], now: ArchiveInspection): CutTurnFound[] {
  const known = new Set(before.map((turn) => turn.turnId));
  return now.cut.filter((turn) => !known.has(turn.turnId));
}

/** The first request of a session after the restart shows each cut turn's input, then its stop marker. */
function expectStopMarkersSeen(
  run: ChildRun,
  awaiting: Map<string, CutTurnFound[]>,
  figures: Figures,
  note: string,
): void {
  if (run.touched === undefined) return;
  for (const [sessionId, cut] of awaiting) {
    const request = run.touched[sessionId] ?? [];
    for (const turn of cut) {
      const inputAt = request.findIndex(
        (message) => message.role === 'user' && message.content === turn.firstInput,
      );
      const markerAt = request.findIndex(
        (message, index) => index > inputAt && message.role === 'system' && message.content === crashMarker,
      );
      expect(inputAt, `${note}: input of cut turn ${turn.turnId} in ${sessionId}`).toBeGreaterThanOrEqual(0);
      expect(markerAt, `${note}: stop marker of cut turn ${turn.turnId} in ${sessionId}`).toBeGreaterThan(
        inputAt,
      );
      figures.firstRequestsChecked += 1;
    }
    expect(request.at(-1)?.content, note).toMatch(/ touch$/);
  }
  awaiting.clear();
}

/**
 * The file after a run: no turn with two records, no tool call without result, only the
 * newest turn of a session may lack its record; once a restart touched every session, what
 * the previous kill cut is closed, by this process's recovery and by nothing else.
 */
function expectFileSound(
  now: ArchiveInspection,
  run: ChildRun,
  before: readonly CutTurnFound[],
  note: string,
) {
  expect(now.recordedTwice, `${note}: turns with two records`).toEqual([]);
  expect(now.unmatchedToolCalls, `${note}: tool calls without result`).toEqual([]);
  for (const turn of now.cut) expect(turn.inTail, `${note}: ${turn.turnId} is not the newest`).toBe(true);
  const cutBefore = new Set(before.map((turn) => turn.turnId));
  for (const turnId of run.recovered) expect(cutBefore, `${note}: recovered ${turnId}`).toContain(turnId);
  if (run.touched === undefined) return;
  expect(new Set(run.recovered), `${note}: what recovery closed`).toEqual(cutBefore);
  for (const turnId of cutBefore) expect(now.closed, `${note}: ${turnId} closed`).toContain(turnId);
}

function tally(
  figures: Figures,
  run: ChildRun,
  cut: { before: readonly CutTurnFound[]; now: ArchiveInspection },
) {
  figures.kills += 1;
  if (run.touched === undefined) {
    for (const turn of cut.before) {
      if (cut.now.closed.has(turn.turnId)) figures.touchKills.closedBefore += 1;
      else figures.touchKills.leftCut += 1;
    }
  }
  const fresh = newlyCut(cut.before, cut.now);
  if (fresh.length > 0) figures.killsThatCut += 1;
  for (const turn of fresh) {
    figures.cutTurns += 1;
    count(figures.byPhase, run.touched === undefined ? 'touch' : (run.phases.get(turn.sessionId) ?? 'touch'));
    count(figures.byStoredLast, turn.storedLast);
  }
}

function report(figures: Figures, seed: number, turns: number, seconds: number): string {
  const { closedBefore, leftCut } = figures.touchKills;
  return [
    `[DUR-1] crash test, seed ${seed}: ${figures.kills} kills, ${figures.killsThatCut} cut at least one turn`,
    `${figures.cutTurns} cut turns by phase at the kill ${JSON.stringify(figures.byPhase)}`,
    `by what they stored last ${JSON.stringify(figures.byStoredLast)}`,
    `kills in the touch phase found ${closedBefore} cut turns already closed and ${leftCut} not yet`,
    `${figures.firstRequestsChecked} first requests checked, ${turns} turns in the file, ${seconds.toFixed(1)} s`,
  ].join('; ');
}

describe('the real agent over an SQLite file, killed at random points', () => {
  it(`[DUR-1] after ${KILLS} SIGKILLs every turn has exactly one record, no tool call lacks a result, and the first request after each restart shows the stop marker of the cut turn`, async () => {
    const started = Date.now();
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000_007);
    const random = seededRandom(seed);
    const path = join(directory, 'agent.sqlite');
    const figures: Figures = {
      kills: 0,
      killsThatCut: 0,
      cutTurns: 0,
      byPhase: {},
      byStoredLast: {},
      touchKills: { closedBefore: 0, leftCut: 0 },
      firstRequestsChecked: 0,
    };
    const awaiting = new Map<string, CutTurnFound[]>();
    let cut: readonly CutTurnFound[] = [];
    let now: ArchiveInspection | undefined;
    for (let runNumber = 0; runNumber <= KILLS; runNumber += 1) {
      const note = `seed ${seed}, run ${runNumber}`;
      const kill = runNumber < KILLS ? killPlan(runNumber, random) : undefined;
      const child = { path, run: runNumber, seed: seed + runNumber };
      const run = await runCrashChild(kill === undefined ? child : { ...child, kill });
      expectStopMarkersSeen(run, awaiting, figures, note);
      now = await inspectArchive(path, SESSION_IDS, crashMarker);
      expectFileSound(now, run, cut, note);
      if (kill !== undefined) tally(figures, run, { before: cut, now });
      for (const turn of newlyCut(cut, now))
        awaiting.set(turn.sessionId, [...(awaiting.get(turn.sessionId) ?? []), turn]);
      cut = now.cut;
    }
    expect(now?.cut, `seed ${seed}: turns left without record`).toEqual([]);
    expect(figures.kills).toBe(KILLS);
    console.info(report(figures, seed, now?.turns ?? 0, (Date.now() - started) / 1000));
  }, 120_000);
});
