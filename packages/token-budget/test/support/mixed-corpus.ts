/**
 * A deterministic mixed English/Chinese corpus and chat histories for tests and benchmarks.
 * Everything is generated from a seed, so runs compare like with like.
 */
import type { ChatMessageLike } from '../../src/index';

/** A seeded pseudo-random generator (mulberry32) returning numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const englishWords = (
  'the model reads every message before it answers and the budget keeps history within its window ' +
  'tokens count differently for code numbers punctuation whitespace and rare words like ' +
  'antidisestablishmentarianism internationalization serendipity floccinaucinihilipilification ' +
  'please summarize yesterday meeting notes schedule a call with the design team about the release'
).split(' ');

const chineseWords = (
  '你好 今天 天气 怎么样 我们 需要 讨论 一下 项目 进度 模型 上下文 窗口 令牌 预算 历史 消息 ' +
  '工具 调用 结果 摘要 记忆 检索 人格 技能 平台 子任务 系统 提示 裁剪 估算 会话 设置 ' +
  '龘 齉 饕餮 魑魅魍魉 鬱 𠮷 繁體中文 简体中文'
).split(' ');

const fragments = [
  '，',
  '。',
  '！',
  '？',
  '、',
  '“引号”',
  '——',
  ', ',
  '. ',
  '! ',
  '\n',
  '\n\n',
  '   ',
  '\t',
  '2024-05-13',
  '3.14159',
  '1,000,000',
  '#42',
  '😀',
  '👨‍👩‍👧‍👦',
  '🇨🇳',
  '<|endoftext|>',
  '`const x = 1;`',
  'https://example.com/a?b=c&d=e',
  '{"key": [1, 2, 3]}',
  'naïve café',
  'Ünïcödé',
  'привет',
  'こんにちは',
];

function pick<Item>(random: () => number, items: readonly Item[]): Item {
  return items[Math.floor(random() * items.length)]!;
}

/** One mixed text of roughly `pieces` pieces: English, Chinese, punctuation, numbers, emoji. */
export function mixedText(random: () => number, pieces: number): string {
  let text = '';
  for (let index = 0; index < pieces; index += 1) {
    const roll = random();
    if (roll < 0.45) text += `${pick(random, englishWords)} `;
    else if (roll < 0.85) text += pick(random, chineseWords);
    else text += pick(random, fragments);
  }
  return text;
}

/** `count` mixed texts of 1 to `maxPieces` pieces each. */
export function mixedCorpus(seed: number, count: number, maxPieces = 120): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => mixedText(random, 1 + Math.floor(random() * maxPieces)));
}

function toolCallGroup(random: () => number, serial: number): ChatMessageLike[] {
  const calls = 1 + Math.floor(random() * 2);
  const ids = Array.from({ length: calls }, (_, call) => `call_${serial}_${call}`);
  const camelCase = random() < 0.5;
  const assistant: ChatMessageLike = camelCase
    ? {
        role: 'assistant',
        content: null,
        toolCalls: ids.map((id) => ({
          id,
          name: 'search_memory',
          arguments: { query: mixedText(random, 6) },
        })),
      }
    : {
        role: 'assistant',
        content: null,
        tool_calls: ids.map((id) => ({
          id,
          type: 'function',
          function: { name: 'search_memory', arguments: JSON.stringify({ query: mixedText(random, 6) }) },
        })),
      };
  const results = ids.map(
    (id): ChatMessageLike =>
      camelCase
        ? { role: 'tool', toolCallId: id, content: mixedText(random, 30 + Math.floor(random() * 200)) }
        : { role: 'tool', tool_call_id: id, content: mixedText(random, 30 + Math.floor(random() * 200)) },
  );
  return [assistant, ...results];
}

/**
 * A chat history of exactly `count` messages: user and assistant turns of mixed text, about one
 * in eight positions opening a tool-call group (an assistant message with tool calls in either
 * shape, then its tool results), and now and then a named message or an image part.
 */
export function mixedHistory(seed: number, count: number): ChatMessageLike[] {
  const random = seededRandom(seed);
  const history: ChatMessageLike[] = [];
  let serial = 0;
  while (history.length < count) {
    const roll = random();
    if (roll < 0.12) {
      history.push(...toolCallGroup(random, serial));
      serial += 1;
    } else if (roll < 0.15) {
      history.push({
        role: 'user',
        content: [
          { type: 'text', text: mixedText(random, 10) },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
        ],
      });
    } else {
      const role = history.length % 2 === 0 ? 'user' : 'assistant';
      const message: ChatMessageLike = { role, content: mixedText(random, 5 + Math.floor(random() * 150)) };
      history.push(random() < 0.1 ? { ...message, name: `member_${Math.floor(random() * 5)}` } : message);
    }
  }
  return history.slice(0, count);
}
