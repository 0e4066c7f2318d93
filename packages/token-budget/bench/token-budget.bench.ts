/**
 * Benchmarks of @aalis/token-budget.
 *
 *   npm run bench            a table
 *   npm run bench -- --json  one JSON object on stdout
 *
 * - coldVsRawRatio: estimating a 1,000-message mixed English/Chinese history with a fresh counter,
 *   against a plain loop of gpt-tokenizer `countTokens` over the very texts the counter
 *   tokenizes (target ≤ 1.2). gpt-tokenizer's own merge cache is warm for both after warm-up.
 * - warmVsColdRatio: the same history estimated again after one new message was appended
 *   (target ≤ 0.05).
 * - trim10kMs: trimming a 10,000-message history to 75% of its tokens, the history already
 *   counted once, as in an agent that estimated it just before (target ≤ 20).
 *   trim10kColdMs is the same with a fresh counter (tokenizing included).
 * - vsLangchainTrimRatio: our trim against LangChain's `trimMessages` (strategy "last",
 *   startOn "human") on the same 10,000 messages, the same allowance and the same counter.
 * - worstCaseCostRatio: the time per character of counting 1 MiB (1,048,576 UTF-16 code units)
 *   of one repeated character, over that of 1 MiB of ordinary mixed English/Chinese prose, each
 *   with a fresh counter (so the package's text cache never helps), in one run (target ≤ 3):
 *   worstCaseCostRatioCjk for "哈", worstCaseCostRatioAscii for "x", worstCaseCostRatio the larger.
 *   gpt-tokenizer's own merge cache (per process, 100,000 pieces) is warm for all three after the
 *   warm-up round: the prose's few hundred distinct words and the repeated windows of a run of one
 *   character are all in it, so the ratio measures scanning and windowing, not byte-pair merges.
 * - asyncMaxSliceMs: the longest time between two turns of the event loop (timestamps taken in a
 *   `setImmediate` chain) while `countTextAsync` counts 1 MiB of random CJK without punctuation
 *   with a fresh counter and the default 10 ms slices (target ≤ 50). That text is all merge cache
 *   misses; asyncCount1MiBCjkMs is how long the whole count takes.
 * - importMs, importHeapMB: importing the built entry (`dist/index.js`: build first) in a fresh
 *   process, and the heap it keeps (target ≤ 100 ms; encodings load on first use), next to
 *   gpt-tokenizer's own o200k_base module (gptTokenizerImportMs, gptTokenizerImportHeapMB);
 *   firstCountMs is the first `countText`, which loads o200k_base.
 *
 * Times are medians of several runs after warm-up; `…AcrossRounds` gives min, median and max of
 * the rounds. Nothing here asserts a time.
 */
import { trimMessages } from '@langchain/core/messages';
import o200kBase from 'gpt-tokenizer/encoding/o200k_base';
import { type ChatMessageLike, createTokenCounter, trimHistory } from '../src/index';
import { toolCallIdOf, toolCallsJson, toolCallsOf } from '../src/message-fields';
import { mixedCorpus, mixedHistory } from '../test/support/mixed-corpus';
import { measureImportCost } from './import-cost';
import { toLangchainHistory } from './langchain-history';
import { measureAsyncSlices, measureWorstCaseCost, spreadOf } from './long-runs';

const json = process.argv.includes('--json');
const plainText = { disallowedSpecial: new Set<string>() };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function milliseconds(work: () => unknown): number {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function millisecondsAsync(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Every text the counter tokenizes for a message, in the form it tokenizes it. */
function textsOf(message: ChatMessageLike): string[] {
  const texts = [message.role];
  if (typeof message.content === 'string') texts.push(message.content);
  else for (const part of message.content ?? []) if (typeof part.text === 'string') texts.push(part.text);
  if (typeof message.name === 'string') texts.push(message.name);
  const calls = toolCallsOf(message);
  if (calls !== undefined) texts.push(toolCallsJson(calls));
  const toolCallId = toolCallIdOf(message);
  if (toolCallId !== undefined) texts.push(toolCallId);
  return texts;
}

function measureEstimation(runs: number) {
  const history = mixedHistory(1, 1_000);
  const texts = history.flatMap(textsOf);
  const raw = () => {
    let tokens = 0;
    for (const text of texts) tokens += o200kBase.countTokens(text, plainText);
    return tokens;
  };
  const appendedTexts = mixedCorpus(99, runs * 2 + 10);
  const rawTimes: number[] = [];
  const coldTimes: number[] = [];
  const warmTimes: number[] = [];
  for (let run = -3; run < runs; run += 1) {
    const rawTime = milliseconds(raw);
    const counter = createTokenCounter();
    const coldTime = milliseconds(() => counter.countMessages(history));
    const grown = [...history, { role: 'user', content: appendedTexts[run + 3]! }];
    const warmTime = milliseconds(() => counter.countMessages(grown));
    if (run < 0) continue;
    rawTimes.push(rawTime);
    coldTimes.push(coldTime);
    warmTimes.push(warmTime);
  }
  return { raw: median(rawTimes), cold: median(coldTimes), warm: median(warmTimes) };
}

async function measureTrimming(runs: number, langchainRuns: number) {
  const history = mixedHistory(2, 10_000);
  const counter = createTokenCounter();
  const historyTokens = history.reduce((total, message) => total + counter.countMessage(message), 0);
  const allowance = Math.floor(historyTokens * 0.75);
  const trim = () => trimHistory({ history, allowance, counter, protectedTail: 1 });
  const warmTimes: number[] = [];
  for (let run = -3; run < runs; run += 1) {
    const time = milliseconds(trim);
    if (run >= 0) warmTimes.push(time);
  }
  const coldTimes = [0, 1, 2].map(() =>
    milliseconds(() => trimHistory({ history, allowance, counter: createTokenCounter(), protectedTail: 1 })),
  );

  const langchainHistory = toLangchainHistory(history);
  const tokenCounter = (messages: readonly { id?: string | undefined }[]) =>
    messages.reduce((total, message) => total + counter.countMessage(history[Number(message.id)]!), 3);
  const langchainTrim = () =>
    trimMessages(langchainHistory, {
      maxTokens: allowance,
      tokenCounter,
      strategy: 'last',
      startOn: 'human',
    });
  const keptByLangchain = (await langchainTrim()).length;
  const langchainTimes: number[] = [];
  for (let run = 0; run < langchainRuns; run += 1)
    langchainTimes.push(await millisecondsAsync(langchainTrim));
  return {
    historyTokens,
    allowance,
    kept: trim().kept.length,
    keptByLangchain,
    warm: median(warmTimes),
    cold: median(coldTimes),
    langchain: median(langchainTimes),
  };
}

const importCost = measureImportCost(5);
const estimation = measureEstimation(15);
const trimming = await measureTrimming(15, 3);
const worstCase = measureWorstCaseCost(5);
const asyncRounds = await measureAsyncSlices(3);
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

const cjkRatios = worstCase.map((run) => run.repeatedCjkMs / run.proseMs);
const asciiRatios = worstCase.map((run) => run.repeatedAsciiMs / run.proseMs);
const worstRatios = worstCase.map((_, index) => Math.max(cjkRatios[index]!, asciiRatios[index]!));
const worstCaseFigures = {
  worstCaseCostRatio: spreadOf(worstRatios).median,
  worstCaseCostRatioAcrossRounds: spreadOf(worstRatios),
  worstCaseCostRatioCjk: spreadOf(cjkRatios).median,
  worstCaseCostRatioCjkAcrossRounds: spreadOf(cjkRatios),
  worstCaseCostRatioAscii: spreadOf(asciiRatios).median,
  worstCaseCostRatioAsciiAcrossRounds: spreadOf(asciiRatios),
  prose1MiBMs: spreadOf(worstCase.map((run) => run.proseMs)).median,
  repeatedCjk1MiBMs: spreadOf(worstCase.map((run) => run.repeatedCjkMs)).median,
  repeatedAscii1MiBMs: spreadOf(worstCase.map((run) => run.repeatedAsciiMs)).median,
  asyncMaxSliceMs: spreadOf(asyncRounds.map((run) => run.maxSliceMs)).median,
  asyncMaxSliceMsAcrossRounds: spreadOf(asyncRounds.map((run) => run.maxSliceMs)),
  asyncCount1MiBCjkMs: spreadOf(
    asyncRounds.map((run) => run.totalMs),
    1,
  ).median,
};

const importFigures = {
  importMs: importCost.ours?.importMs.median ?? null,
  importHeapMB: importCost.ours?.heapMB.median ?? null,
  importMsAcrossRounds: importCost.ours?.importMs ?? null,
  firstCountMs: importCost.ours?.firstCountMs.median ?? null,
  gptTokenizerImportMs: importCost.gptTokenizer.importMs.median,
  gptTokenizerImportHeapMB: importCost.gptTokenizer.heapMB.median,
  gptTokenizerFirstCountMs: importCost.gptTokenizer.firstCountMs.median,
};

const result = {
  ...importFigures,
  coldVsRawRatio: round(estimation.cold / estimation.raw),
  warmVsColdRatio: round(estimation.warm / estimation.cold, 4),
  trim10kMs: round(trimming.warm),
  vsLangchainTrimRatio: round(trimming.warm / trimming.langchain, 5),
  rawCount1kMs: round(estimation.raw),
  coldEstimate1kMs: round(estimation.cold),
  warmEstimate1kMs: round(estimation.warm, 4),
  trim10kColdMs: round(trimming.cold),
  langchainTrim10kMs: round(trimming.langchain),
  ...worstCaseFigures,
  trim10k: {
    historyTokens: trimming.historyTokens,
    allowance: trimming.allowance,
    keptMessages: trimming.kept,
    keptMessagesByLangchain: trimming.keptByLangchain,
  },
  targets: {
    importMs: 100,
    coldVsRawRatio: 1.2,
    warmVsColdRatio: 0.05,
    trim10kMs: 20,
    worstCaseCostRatio: 3,
    worstCaseCostRatioCjk: 3,
    worstCaseCostRatioAscii: 3,
    asyncMaxSliceMs: 50,
  },
  node: process.version,
};

if (json) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const ours =
    result.importMs === null
      ? ['import the built entry', 'not built', 'run npm run build first']
      : [
          'import the built entry (fresh process)',
          `${result.importMs} ms, ${result.importHeapMB} MB heap`,
          `${round(result.importMs / result.gptTokenizerImportMs, 2)}× gpt-tokenizer's (target ≤ 100 ms); first count ${result.firstCountMs} ms`,
        ];
  const rows = [
    [
      'import gpt-tokenizer/encoding/o200k_base (fresh process)',
      `${result.gptTokenizerImportMs} ms, ${result.gptTokenizerImportHeapMB} MB heap`,
      `baseline; first count ${result.gptTokenizerFirstCountMs} ms`,
    ],
    ours,
    ['raw gpt-tokenizer countTokens loop, 1,000 messages', `${result.rawCount1kMs} ms`, 'baseline'],
    [
      'estimate 1,000 messages, cold',
      `${result.coldEstimate1kMs} ms`,
      `${result.coldVsRawRatio}× raw (target ≤ 1.2)`,
    ],
    [
      're-estimate after appending one message',
      `${result.warmEstimate1kMs} ms`,
      `${result.warmVsColdRatio}× cold (target ≤ 0.05)`,
    ],
    ['trim 10,000 messages, counted before', `${result.trim10kMs} ms`, 'target ≤ 20 ms'],
    ['trim 10,000 messages, fresh counter', `${result.trim10kColdMs} ms`, 'tokenizing included'],
    [
      'LangChain trimMessages, same 10,000 messages and counter',
      `${result.langchainTrim10kMs} ms`,
      `ours is ${result.vsLangchainTrimRatio}× LangChain`,
    ],
    ['count 1 MiB of mixed English/Chinese prose, fresh counter', `${result.prose1MiBMs} ms`, 'baseline'],
    [
      'count 1 MiB of one repeated "哈", fresh counter',
      `${result.repeatedCjk1MiBMs} ms`,
      `${result.worstCaseCostRatioCjk}× prose per character (target ≤ 3)`,
    ],
    [
      'count 1 MiB of one repeated "x", fresh counter',
      `${result.repeatedAscii1MiBMs} ms`,
      `${result.worstCaseCostRatioAscii}× prose per character (target ≤ 3)`,
    ],
    [
      'countTextAsync, 1 MiB of random CJK without punctuation',
      `${result.asyncCount1MiBCjkMs} ms`,
      `longest stretch without a turn of the event loop ${result.asyncMaxSliceMs} ms (target ≤ 50)`,
    ],
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  │  '));
}
