/**
 * One input that no space or punctuation breaks, while another session chats [LIV-3]: 1 MiB
 * (1,048,576 UTF-16 characters) of seeded random CJK characters, of one repeated CJK
 * character (`哈`) and of one repeated ASCII letter (`x`), each sent by one session while a
 * second session runs short turns one after another (model answering after 0–5 ms). The
 * agent's `maxInputChars` is raised to 2 MiB so the input is really processed: archived,
 * counted, budgeted, sent to the model. `monitorEventLoopDelay` (1 ms resolution) gives the
 * longest stall of the event loop meanwhile: how long the other session's timers and
 * requests waited. `maxStallMs` is the largest of the three (target ≤ 50);
 * `maxStallMsRefused` the same with the default `maxInputChars`, where the input is refused
 * with a notice. Same app as the per-turn suite (5 contributions, 5 no-op middlewares per hook).
 *
 *   npm run bench:stall                 # table
 *   npm run bench:stall -- --json       # one JSON object
 *
 * Nothing here asserts a time.
 */
import { createAalisTurnApp } from '../support/aalis-turn';
import { readSuiteFlags } from '../support/cli-options';
import { withEventLoopLag } from '../support/event-loop-lag';
import { printTable } from '../support/print-table';
import { seededRandom } from '../support/seeded-random';
import { median, round, roundSpread, spread } from '../support/statistics';

const flags = readSuiteFlags();
const rounds = flags.rounds ?? (flags.quick ? 1 : 3);
const characters = 1 << 20;

type TextKind = 'randomCjk' | 'repeatedCjk' | 'repeatedAscii';
const kinds: readonly TextKind[] = ['randomCjk', 'repeatedCjk', 'repeatedAscii'];

function textOf(kind: TextKind, seed: number): string {
  if (kind === 'repeatedCjk') return '哈'.repeat(characters);
  if (kind === 'repeatedAscii') return 'x'.repeat(characters);
  const random = seededRandom(seed);
  const codes = new Uint16Array(characters);
  for (let index = 0; index < characters; index += 1) codes[index] = 0x4e00 + Math.floor(random() * 20_000);
  return new TextDecoder('utf-16le').decode(codes);
}

/** The longest stall while `sessionId` handles `text` and another session chats meanwhile. */
async function stallWhileHandling(options: {
  readonly text: string;
  readonly maxInputChars?: number;
  readonly seed: number;
}): Promise<number> {
  const random = seededRandom(options.seed);
  const harness = createAalisTurnApp({
    script: 'answer',
    modelDelayMs: () => Math.floor(random() * 6),
    ...(options.maxInputChars === undefined ? {} : { agent: { maxInputChars: options.maxInputChars } }),
  });
  await Promise.all(Array.from({ length: 10 }, (_, index) => harness.turn(`warm-up-${index}`)));
  let chatting = true;
  let chatTurns = 0;
  const chatter = (async () => {
    while (chatting) {
      await harness.turn('chatting');
      chatTurns += 1;
    }
  })();
  const { lag } = await withEventLoopLag(() => harness.turn('huge', { content: options.text }), 1);
  chatting = false;
  await chatter;
  if (harness.errors.length > 0 || chatTurns === 0) {
    throw new Error(`the other session ran ${chatTurns} turns (${harness.errors.length} errors)`);
  }
  // A stall of 0 means nothing if the input never reached the model: check what happened to it.
  const replied = (await harness.store.list('huge')).some((message) => message.role === 'assistant');
  if (replied !== (options.maxInputChars !== undefined)) {
    throw new Error(`the 1 MiB input was ${replied ? 'answered' : 'not answered'}, against the setup`);
  }
  await harness.app.stop();
  return lag.maxMs;
}

async function measureKind(kind: TextKind) {
  const stalls: number[] = [];
  for (let index = 0; index < rounds; index += 1) {
    stalls.push(
      await stallWhileHandling({
        text: textOf(kind, 11 + index),
        maxInputChars: 2 * characters,
        seed: index,
      }),
    );
  }
  return stalls;
}

const perKind: Record<string, number[]> = {};
for (const kind of kinds) perKind[kind] = await measureKind(kind);
const refused: number[] = [];
for (let index = 0; index < rounds; index += 1) {
  refused.push(await stallWhileHandling({ text: textOf('randomCjk', 11 + index), seed: index }));
}
const worst = Array.from({ length: rounds }, (_, index) =>
  Math.max(...kinds.map((kind) => perKind[kind]![index]!)),
);
const figure = (values: number[]) => round(median(values), 1);
const result = {
  suite: 'stall',
  characters,
  rounds,
  maxStallMs: figure(worst),
  maxStallMsAcrossRounds: roundSpread(spread(worst), 1),
  maxStallMsRandomCjk: figure(perKind.randomCjk!),
  maxStallMsRepeatedCjk: figure(perKind.repeatedCjk!),
  maxStallMsRepeatedAscii: figure(perKind.repeatedAscii!),
  maxStallMsRefused: figure(refused),
  targets: { maxStallMs: 50 },
  node: process.version,
};

if (flags.json) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  console.log(`stall: one 1 MiB unbroken input while another session chats, median of ${rounds} rounds`);
  printTable(
    ['input', 'longest event-loop stall ms'],
    [
      ['random CJK, processed', String(result.maxStallMsRandomCjk)],
      ['one repeated CJK character, processed', String(result.maxStallMsRepeatedCjk)],
      ['one repeated ASCII letter, processed', String(result.maxStallMsRepeatedAscii)],
      ['random CJK, refused by the default maxInputChars', String(result.maxStallMsRefused)],
    ],
  );
  console.log(`maxStallMs ${result.maxStallMs} (target ≤ 50)`);
}
