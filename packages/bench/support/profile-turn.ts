/**
 * The per-turn workload through the default agent in a loop, for `node --cpu-prof`: warms
 * up, then runs turns for a few seconds (`--seconds N`, default 8), rolling each back so the
 * history stays at 100 messages. `npm run profile:turn` runs it under the profiler and
 * prints where the time went.
 */
import { createAalisTurnApp } from './aalis-turn';

const at = process.argv.indexOf('--seconds');
const seconds = at === -1 ? 8 : Number(process.argv[at + 1]);
const harness = createAalisTurnApp();
await harness.seed('session-1');
for (let index = 0; index < 300; index += 1) {
  await harness.turn('session-1');
  await harness.rollbackLastTurn('session-1');
}
const end = performance.now() + seconds * 1000;
let turns = 0;
while (performance.now() < end) {
  await harness.turn('session-1');
  await harness.rollbackLastTurn('session-1');
  turns += 1;
}
console.error(
  `profiled ${turns} turns (${((seconds * 1000) / turns).toFixed(3)} ms per turn with the rollback)`,
);
