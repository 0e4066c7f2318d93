/**
 * Where the bytes of a turn are allocated: the per-turn workload through the default agent
 * warms up, then V8's sampling heap profiler, keeping objects that minor and major GCs
 * collected, records 1,000 turns (each rolled back, so the history stays at 100 messages),
 * and the functions that allocated most are listed with their kilobytes per turn.
 *
 *   npm run profile:allocations -w @aalis/bench            # top 30
 *   npm run profile:allocations -w @aalis/bench -- 60      # top 60
 */
import { Session } from 'node:inspector/promises';
import { createAalisTurnApp } from './aalis-turn';

interface SamplingNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly selfSize: number;
  readonly children: readonly SamplingNode[];
}

const turns = 1_000;

/** Self bytes per function (`name file:line`), summed over the whole tree. */
export function selfBytes(root: SamplingNode): Map<string, number> {
  const bytes = new Map<string, number>();
  const stack = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(/^.*\/(packages|node_modules)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    stack.push(...node.children);
  }
  return bytes;
}

async function main(): Promise<void> {
  const limit = Number(process.argv[2] ?? 30);
  const harness = createAalisTurnApp();
  await harness.seed('session-1');
  for (let index = 0; index < 300; index += 1) {
    await harness.turn('session-1');
    await harness.rollbackLastTurn('session-1');
  }
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never);
  for (let index = 0; index < turns; index += 1) {
    await harness.turn('session-1');
    await harness.rollbackLastTurn('session-1');
  }
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as {
    profile: { head: SamplingNode };
  };
  session.disconnect();
  const bytes = [...selfBytes(profile.head)].sort((left, right) => right[1] - left[1]);
  const total = bytes.reduce((sum, [, value]) => sum + value, 0);
  console.log(`${(total / turns / 1024).toFixed(1)} KB allocated per turn with its rollback (sampled)`);
  for (const [name, value] of bytes.slice(0, limit)) {
    console.log(
      `${((100 * value) / total).toFixed(1).padStart(5)}%  ${(value / turns / 1024).toFixed(1).padStart(6)} KB  ${name}`,
    );
  }
}

await main();
