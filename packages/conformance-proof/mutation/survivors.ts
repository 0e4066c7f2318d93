/**
 * What the mutation run (`npm run mutation`) checks in Stryker's JSON report: which mutants
 * survived the kit, how each file scored, and which survivors are not on the committed list
 * of those judged unobservable through the contract (`accepted-survivors.json`).
 */

import { isSurvivorKind, SURVIVOR_KINDS, type SurvivorKind } from './survivor-kinds';

/** The part of a mutant of Stryker's JSON report (mutation-testing-report-schema) read here. */
export interface ReportMutant {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: string;
  readonly location: {
    readonly start: { readonly line: number; readonly column: number };
    readonly end: { readonly line: number; readonly column: number };
  };
}

/** The part of Stryker's JSON report read here: each mutated file's source and mutants. */
export interface MutationReport {
  readonly files: Readonly<
    Record<string, { readonly source: string; readonly mutants: readonly ReportMutant[] }>
  >;
}

/** A surviving mutant judged unobservable through the contract, with the reason. */
export interface AcceptedSurvivor {
  /** The mutated file, relative to the repository root. */
  readonly file: string;
  /** Stryker's mutator name, e.g. `ConditionalExpression`. */
  readonly mutator: string;
  /** The source text the mutant replaced. */
  readonly original: string;
  /** What it replaced it with. */
  readonly replacement: string;
  /** Which kind of unobservable the mutant is ({@link SURVIVOR_KINDS}). */
  readonly kind: SurvivorKind;
  /** One line: why no agent-visible behaviour of the contract tells the mutant apart. */
  readonly reason: string;
}

/** A mutant the kit did not kill: it survived its cases, or no case reached it. */
export interface Survivor {
  readonly file: string;
  readonly line: number;
  readonly mutator: string;
  readonly original: string;
  readonly replacement: string;
  readonly status: 'Survived' | 'NoCoverage';
}

/** How the kit did on one mutated file. */
export interface FileScore {
  readonly file: string;
  readonly mutants: number;
  readonly killed: number;
  readonly survived: number;
  readonly noCoverage: number;
  /** Killed (or timed out) of all valid mutants, in percent. */
  readonly score: number;
  /** Killed (or timed out) of the mutants some case reached, in percent. */
  readonly coveredScore: number;
  /** Survivors (survived or not reached) on the list of those judged unobservable through the contract. */
  readonly listed: number;
  /**
   * Killed (or timed out) of the mutants not listed as unobservable, in percent: the score
   * with the listed survivors counted as equivalent, as mutation testing's textbook score
   * (killed of mutants minus equivalent ones) does. Read it next to `score`: the two
   * differ by what the list holds, and every entry of the list carries its reason.
   */
  readonly observableScore: number;
}

const KILLED = new Set(['Killed', 'Timeout']);
const NOT_COUNTED = new Set(['CompileError', 'RuntimeError', 'Ignored', 'Pending']);

/** The text of `source` between two 1-based line and column positions, end exclusive. */
function textAt(source: string, location: ReportMutant['location']): string {
  const lines = source.split('\n');
  const { start, end } = location;
  if (start.line === end.line) return lines[start.line - 1]?.slice(start.column - 1, end.column - 1) ?? '';
  const first = lines[start.line - 1]?.slice(start.column - 1) ?? '';
  const middle = lines.slice(start.line, end.line - 1);
  const last = lines[end.line - 1]?.slice(0, end.column - 1) ?? '';
  return [first, ...middle, last].join('\n');
}

/** Every mutant of the report that survived or that no case reached, in file and line order. */
export function survivorsOf(report: MutationReport): Survivor[] {
  const survivors: Survivor[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    for (const mutant of mutants) {
      if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage') continue;
      survivors.push({
        file,
        line: mutant.location.start.line,
        mutator: mutant.mutatorName,
        original: textAt(source, mutant.location),
        replacement: mutant.replacement ?? '',
        status: mutant.status,
      });
    }
  }
  return survivors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function sameMutant(survivor: Survivor, accepted: AcceptedSurvivor): boolean {
  return (
    survivor.file === accepted.file &&
    survivor.mutator === accepted.mutator &&
    survivor.original === accepted.original &&
    survivor.replacement === accepted.replacement
  );
}

/** The survivors no entry of `accepted` names: each one is a fault the kit lets through. */
export function unlistedSurvivors(
  survivors: readonly Survivor[],
  accepted: readonly AcceptedSurvivor[],
): Survivor[] {
  return survivors.filter((survivor) => !accepted.some((entry) => sameMutant(survivor, entry)));
}

/**
 * The entries of `accepted` for a file the report mutated that match no survivor: the kit
 * kills that mutant now, or the code changed; the entry can go.
 */
export function staleAcceptedSurvivors(
  report: MutationReport,
  accepted: readonly AcceptedSurvivor[],
): AcceptedSurvivor[] {
  const survivors = survivorsOf(report);
  return accepted.filter(
    (entry) =>
      report.files[entry.file] !== undefined && !survivors.some((survivor) => sameMutant(survivor, entry)),
  );
}

function percent(part: number, whole: number): number {
  return whole === 0 ? 100 : Math.round((part / whole) * 1000) / 10;
}

/**
 * The score of each mutated file, as Stryker counts it (compile and runtime errors left out),
 * and with the survivors `accepted` lists counted as equivalent.
 */
export function fileScores(report: MutationReport, accepted: readonly AcceptedSurvivor[] = []): FileScore[] {
  const survivors = survivorsOf(report);
  const listedIn = (file: string) =>
    survivors.filter(
      (survivor) => survivor.file === file && accepted.some((entry) => sameMutant(survivor, entry)),
    ).length;
  return Object.entries(report.files)
    .map(([file, { mutants }]) => {
      const valid = mutants.filter((mutant) => !NOT_COUNTED.has(mutant.status));
      const killed = valid.filter((mutant) => KILLED.has(mutant.status)).length;
      const noCoverage = valid.filter((mutant) => mutant.status === 'NoCoverage').length;
      const survived = valid.filter((mutant) => mutant.status === 'Survived').length;
      const listed = listedIn(file);
      return {
        file,
        mutants: valid.length,
        killed,
        survived,
        noCoverage,
        score: percent(killed, valid.length),
        coveredScore: percent(killed, valid.length - noCoverage),
        listed,
        observableScore: percent(killed, valid.length - listed),
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The scores of `scores` summed by `groupOf(file)` (default: the package, `packages/<name>`),
 * then over everything (`file: 'all'`).
 */
export function scoreTotals(
  scores: readonly FileScore[],
  groupOf: (file: string) => string = (file) => file.split('/').slice(0, 2).join('/'),
): FileScore[] {
  const groups = new Map<string, FileScore[]>();
  for (const score of scores)
    groups.set(groupOf(score.file), [...(groups.get(groupOf(score.file)) ?? []), score]);
  const total = (file: string, members: readonly FileScore[]): FileScore => {
    const sum = (key: 'mutants' | 'killed' | 'survived' | 'noCoverage' | 'listed') =>
      members.reduce((count, member) => count + member[key], 0);
    const [mutants, killed] = [sum('mutants'), sum('killed')];
    const [noCoverage, listed] = [sum('noCoverage'), sum('listed')];
    return {
      file,
      mutants,
      killed,
      survived: sum('survived'),
      noCoverage,
      score: percent(killed, mutants),
      coveredScore: percent(killed, mutants - noCoverage),
      listed,
      observableScore: percent(killed, mutants - listed),
    };
  };
  return [
    ...[...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, members]) => total(group, members)),
    total('all', scores),
  ];
}

/**
 * How many survivors of `survivors` the list covers, by the kind of the entry that names
 * each: what the gap between the raw score and the score of the mutants not listed is made
 * of. Every kind is present, with 0 when no survivor is of it; an entry of no known kind
 * counts in none (the check reports it).
 */
export function listedByKind(
  survivors: readonly Survivor[],
  accepted: readonly AcceptedSurvivor[],
): Record<SurvivorKind, number> {
  const counts = Object.fromEntries(Object.keys(SURVIVOR_KINDS).map((kind) => [kind, 0])) as Record<
    SurvivorKind,
    number
  >;
  for (const survivor of survivors) {
    const entry = accepted.find((candidate) => sameMutant(survivor, candidate));
    if (entry !== undefined && isSurvivorKind(entry.kind)) counts[entry.kind] += 1;
  }
  return counts;
}
