/**
 * The files one turn without tools runs through, from `handleMessage` to `outbound:message`:
 * the agent of the per-turn workload warms up, then V8's precise coverage (call counts) is
 * taken around one turn whose model answers at once, and every source file of a package
 * with a function called during that turn is listed, in the order of the packages' layers.
 * Module loading, the app's setup and the benchmark's own files are outside the window.
 *
 *   npm run walk:turn -w @aalis/bench             # the list and its count
 *   npm run walk:turn -w @aalis/bench -- --json   # as JSON
 */
import { Session } from 'node:inspector/promises';
import { createAalisTurnApp } from './aalis-turn';
import { filesRun, type ScriptCoverage } from './files-run';

async function main(): Promise<void> {
  const harness = createAalisTurnApp({ script: 'answer', middlewaresPerHook: 0, contributions: 0 });
  await harness.seed('walk');
  for (let index = 0; index < 20; index += 1) await harness.turn('walk');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  // Counts start from here: drop what warming up counted.
  await session.post('Profiler.takePreciseCoverage');
  await harness.turn('walk');
  const { result } = (await session.post('Profiler.takePreciseCoverage')) as unknown as {
    result: ScriptCoverage[];
  };
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
  const files = filesRun(result);
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ files: files.length, list: files })}\n`);
    return;
  }
  for (const file of files) console.log(file);
  console.log(`${files.length} files from handleMessage to outbound:message (a turn without tools)`);
}

await main();
