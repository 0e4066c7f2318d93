/**
 * Texts with long unbroken runs for tests: runs of letters, CJK, digits, emoji, whitespace,
 * punctuation and mixtures, alone or embedded in ordinary text. Runs are built from a seed, so
 * fast-check can shrink their length and kind without carrying thousands of characters.
 */
import fc from 'fast-check';
import { seededRandom } from './mixed-corpus';

type Random = () => number;

function pick<Item>(random: Random, items: readonly Item[]): Item {
  return items[Math.floor(random() * items.length)]!;
}

function fill(length: number, next: () => string): string {
  let text = '';
  while (text.length < length) text += next();
  // Never end a run on half a surrogate pair.
  return text.slice(0, length).replace(/[\ud800-\udbff]$/u, '');
}

const repeatedUnits = [
  ...['x', 'X', '哈', ' ', '\n', '\t', '!', '-', '=', '*', '.', '/', '_', '0', '😀', '\u3000', 'é', 'ー'],
  ...['ab', 'lol', '哈哈嘿', ' \n', '\r\n', '!?', '-=', '😀😁', '👨‍👩‍👧‍👦', '🇨🇳', '\n/'],
];
const emoji = [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰🙂🤗🤩🤔👍👎❤️🔥✨🎉', '👨‍👩‍👧‍👦', '🇨🇳', '𠮷'];
const punctuation = [...'!@#$%^&*()_+-=[]{};:",.<>?~`|/\\\'', ...'，。！？、“”…—·《》'];
const whitespace = [' ', ' ', '\n', '\t', '\r\n', '\u3000', '\u00a0'];
const letter = (random: Random) =>
  String.fromCharCode(97 + Math.floor(random() * 26) - (random() < 0.2 ? 32 : 0));
const ideograph = (random: Random) => String.fromCharCode(0x4e00 + Math.floor(random() * 0x5200));

/** Ways to build a run of a given length from a seeded generator. */
export const RUN_KINDS = {
  repeated: (random: Random, length: number) => {
    const unit = pick(random, repeatedUnits);
    return fill(length, () => unit);
  },
  letters: (random: Random, length: number) => fill(length, () => letter(random)),
  cjk: (random: Random, length: number) => fill(length, () => ideograph(random)),
  digits: (random: Random, length: number) => fill(length, () => String(Math.floor(random() * 10))),
  emoji: (random: Random, length: number) => fill(length, () => pick(random, emoji)),
  whitespace: (random: Random, length: number) => fill(length, () => pick(random, whitespace)),
  punctuation: (random: Random, length: number) => fill(length, () => pick(random, punctuation)),
  mixed: (random: Random, length: number) =>
    fill(length, () =>
      pick(random, [letter, ideograph, (r: Random) => pick(r, emoji), () => '\u0301'])(random),
    ),
} as const;

/** The name of a kind of run. */
export type RunKind = keyof typeof RUN_KINDS;

/** A long run (up to `maxLength` code units, from 257) of any kind. */
export function longRun(maxLength: number): fc.Arbitrary<string> {
  return fc
    .record({
      kind: fc.constantFrom(...(Object.keys(RUN_KINDS) as RunKind[])),
      length: fc.integer({ min: 257, max: maxLength }),
      seed: fc.integer(),
    })
    .map(({ kind, length, seed }) => RUN_KINDS[kind](seededRandom(seed), length));
}

/** Ordinary text: words, CJK, punctuation, spaces and anything else, in short pieces. */
export const ordinaryText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.constantFrom('Hello, world. ', '你好，世界。', ' end.\n', '\n\n', 'naïve café ', "it's ", '  ', ''),
);

/** A text of one to four long runs, each with ordinary text before and after it. */
export function textWithLongRuns(maxRunLength: number): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(ordinaryText, longRun(maxRunLength), ordinaryText), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.flat().join(''));
}

const shortFragments: readonly ((random: Random) => string)[] = [
  (random) => `${fill(1 + Math.floor(random() * 12), () => letter(random))} `,
  (random) =>
    `${fill(1 + Math.floor(random() * 8), () => ideograph(random))}${pick(random, [...'，。！？、'])}`,
  (random) => fill(1 + Math.floor(random() * 600), () => String(Math.floor(random() * 10))),
  (random) => pick(random, ['café!', 'naïve?', 'über-', 'señor.', "l'été", 'é/é/', 'Ünïcödé ']),
  (random) => pick(random, ['😀 ', '👨‍👩‍👧‍👦', '🇨🇳!', '𠮷']),
  (random) => pick(random, whitespace),
  (random) => fill(1 + Math.floor(random() * 3), () => pick(random, punctuation)),
  (random) => pick(random, ["don't ", "it's\n", "5's", "a'b'c", 'x\n!\n', '\r\n']),
];

/**
 * A text of up to `fragments` short fragments (words, CJK clauses, digit runs of any length,
 * accented words, emoji, whitespace, punctuation). Its pieces are usually short, but it has long
 * stretches without a piece boundary the counter can see without splitting (digits, accented
 * letters), so counting it goes through the split pattern.
 */
export function textOfShortFragments(fragments: number): fc.Arbitrary<string> {
  return fc
    .record({ count: fc.integer({ min: 1, max: fragments }), seed: fc.integer() })
    .map(({ count, seed }) => {
      const random = seededRandom(seed);
      let text = '';
      for (let index = 0; index < count; index += 1) text += pick(random, shortFragments)(random);
      return text;
    });
}
