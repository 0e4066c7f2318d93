/**
 * Reads a `.cpuprofile` written by `node --cpu-prof` and lists where the time went: self
 * time per function, and inclusive time per function (the share of samples with that
 * function anywhere on the stack).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
}

/** One function's share of the samples. */
export interface ProfileLine {
  readonly name: string;
  readonly selfShare: number;
  readonly totalShare: number;
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^file:\/\//, '').replace(/^.*\/(packages|node_modules)\//, '$1/');
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

/**
 * The profile of the main thread of the latest run in a directory (the largest of the files
 * written within ten seconds of the newest one), or `path` itself when it is a file.
 */
export function profileFile(path: string): string {
  if (!statSync(path).isDirectory()) return path;
  const files = readdirSync(path)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => ({ file: join(path, name), ...statSync(join(path, name)) }));
  const newest = Math.max(...files.map((entry) => entry.mtimeMs));
  const latest = files
    .filter((entry) => entry.mtimeMs >= newest - 10_000)
    .sort((left, right) => right.size - left.size);
  const main = latest[0];
  if (main === undefined) throw new Error(`no .cpuprofile in ${path}`);
  return main.file;
}

/** Self and inclusive shares of every function in the profile at `path`, busiest first. */
export function summarizeProfile(path: string): ProfileLine[] {
  const profile = JSON.parse(readFileSync(profileFile(path), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
  let counted = 0;
  for (const sample of profile.samples) {
    const node = byId.get(sample);
    if (node === undefined || node.callFrame.functionName === '(idle)') continue;
    counted += 1;
    self.set(label(node), (self.get(label(node)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parentOf.get(id)) {
      const current = byId.get(id);
      if (current === undefined || idle.has(current.callFrame.functionName)) continue;
      seen.add(label(current));
    }
    for (const name of seen) total.set(name, (total.get(name) ?? 0) + 1);
  }
  const names = new Set([...self.keys(), ...total.keys()]);
  return [...names]
    .map((name) => ({
      name,
      selfShare: (self.get(name) ?? 0) / counted,
      totalShare: (total.get(name) ?? 0) / counted,
    }))
    .sort((left, right) => right.totalShare - left.totalShare);
}

/** Self time per source file (or per package for dependencies), busiest first. */
export function selfTimeByFile(lines: readonly ProfileLine[]): { file: string; selfShare: number }[] {
  const byFile = new Map<string, number>();
  for (const line of lines) {
    const location = line.name.slice(line.name.lastIndexOf(' ') + 1).replace(/:\d+$/, '');
    const file = location.startsWith('node_modules/')
      ? location
          .split('/')
          .slice(0, location.startsWith('node_modules/@') ? 3 : 2)
          .join('/')
      : location;
    byFile.set(file, (byFile.get(file) ?? 0) + line.selfShare);
  }
  return [...byFile]
    .map(([file, selfShare]) => ({ file, selfShare }))
    .sort((left, right) => right.selfShare - left.selfShare);
}

/** Steps of a turn, by the files their self time is spent in (first match wins). */
const steps: readonly (readonly [string, RegExp])[] = [
  [
    'token accounting (count, trim, usage breakdown)',
    /token-budget\/|gpt-tokenizer|tool-loop\/src\/(budget-prompt|emit-usage)/,
  ],
  [
    'prompt contributions (assemble, per-build signal and timer)',
    /prompt-assembler\/|plugin-agent\/src\/prompt-blocks|abort_controller|event_target|node:internal\/timers/,
  ],
  ['archive (rows, validation, ids)', /archive-adapter\/|node_modules\/zod|schema-message\//],
  ['hooks', /hook-runner\/|api-hooks\//],
  ['scheduling', /turn-scheduler\//],
  ['tool loop and agent glue', /tool-loop\/|plugin-agent\/|core\/src|api-/],
  ['runtime (GC, natives, loader helpers)', /^$|^\(/],
];

/** Self time per step of a turn (see `steps`), busiest first; what matches no step is `other`. */
export function selfTimeBySteps(lines: readonly ProfileLine[]): { step: string; selfShare: number }[] {
  const byStep = new Map<string, number>();
  for (const { file, selfShare } of selfTimeByFile(lines)) {
    const step =
      steps.find(([, pattern]) => pattern.test(file))?.[0] ?? 'other (benchmark harness, module loading)';
    byStep.set(step, (byStep.get(step) ?? 0) + selfShare);
  }
  return [...byStep]
    .map(([step, selfShare]) => ({ step, selfShare }))
    .sort((left, right) => right.selfShare - left.selfShare);
}

if (process.argv[1]?.endsWith('summarize-profile.ts')) {
  const [path, mode = 'total', limit = '60'] = process.argv.slice(2);
  if (path === undefined)
    throw new Error(
      'usage: summarize-profile.ts <file.cpuprofile|directory> [total|self|files|steps] [limit]',
    );
  if (mode === 'steps') {
    for (const line of selfTimeBySteps(summarizeProfile(path))) {
      console.log(`${(line.selfShare * 100).toFixed(1).padStart(5)}%  ${line.step}`);
    }
    process.exit(0);
  }
  if (mode === 'files') {
    for (const line of selfTimeByFile(summarizeProfile(path)).slice(0, Number(limit))) {
      console.log(`${(line.selfShare * 100).toFixed(1).padStart(5)}%  ${line.file}`);
    }
    process.exit(0);
  }
  const lines = summarizeProfile(path).sort((left, right) =>
    mode === 'self' ? right.selfShare - left.selfShare : right.totalShare - left.totalShare,
  );
  for (const line of lines.slice(0, Number(limit))) {
    console.log(
      `${(line.totalShare * 100).toFixed(1).padStart(5)}%  ${(line.selfShare * 100).toFixed(1).padStart(5)}%  ${line.name}`,
    );
  }
}
