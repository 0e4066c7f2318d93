import fc from 'fast-check';
import { get_encoding, type Tiktoken } from 'tiktoken';
import { afterAll, describe, expect, it } from 'vitest';
import { RUN_KINDS } from '../test/support/long-runs';
import { mixedCorpus, mixedHistory, seededRandom } from '../test/support/mixed-corpus';
import {
  type ChatMessageLike,
  createTokenCounter,
  type TokenEncodingName,
  type ToolDefinitionLike,
  UnknownEncodingError,
} from './index';

const references: Record<TokenEncodingName, Tiktoken> = {
  o200k_base: get_encoding('o200k_base'),
  cl100k_base: get_encoding('cl100k_base'),
};
afterAll(() => {
  for (const encoding of Object.values(references)) encoding.free();
});

/** Reference count of a text: tiktoken, special-token strings as ordinary text. */
function reference(text: string, encoding: TokenEncodingName = 'o200k_base'): number {
  return references[encoding].encode_ordinary(text).length;
}

/**
 * OpenAI's documented rule (cookbook "How to count tokens with tiktoken", gpt-4o and later):
 * 3 tokens per message plus the tokens of each value, 1 more per name, 3 for the reply priming.
 */
function cookbookCount(
  messages: readonly Readonly<Record<string, string | undefined>>[],
  encoding: TokenEncodingName,
): number {
  let tokens = 3;
  for (const message of messages) {
    tokens += 3;
    for (const [key, value] of Object.entries(message)) {
      if (value === undefined) continue;
      tokens += reference(value, encoding);
      if (key === 'name') tokens += 1;
    }
  }
  return tokens;
}

describe('plain text', () => {
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    it(`counts a mixed English/Chinese corpus exactly as tiktoken ${encoding} does`, () => {
      const counter = createTokenCounter({ encoding });
      const corpus = mixedCorpus(7, 400);
      expect(corpus.map((text) => counter.countText(text))).toEqual(
        corpus.map((text) => reference(text, encoding)),
      );
    });
  }

  it('counts any unicode text exactly as tiktoken does', () => {
    const counter = createTokenCounter();
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(counter.countText(text)).toBe(reference(text));
      }),
    );
  });

  it('counts special-token strings in text as ordinary characters instead of throwing', () => {
    const counter = createTokenCounter();
    const text = 'before <|endoftext|> middle <|im_start|> after';
    expect(counter.countText(text)).toBe(reference(text));
  });

  it('counts the empty text as 0 and rejects a non-string with a TypeError', () => {
    const counter = createTokenCounter();
    expect(counter.countText('')).toBe(0);
    expect(() => counter.countText(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('long unbroken runs', () => {
  // gpt-tokenizer alone takes 13 s for 64 KiB of "x" (its merge is quadratic in a piece's
  // length); these finish in well under a second each. No time is asserted: a quadratic count
  // would simply not finish.
  it('counts 1 MiB of one repeated character, within 1% of 256 times the exact count of 4 KiB', () => {
    for (const unit of ['x', '\n', '哈']) {
      const counter = createTokenCounter();
      const expected = 256 * reference(unit.repeat(4_096));
      const tokens = counter.countText(unit.repeat(1_048_576));
      expect(Math.abs(tokens - expected), JSON.stringify(unit)).toBeLessThanOrEqual(expected * 0.01);
    }
  });

  it('counts 256 KiB of random CJK without punctuation', () => {
    const text = RUN_KINDS.cjk(seededRandom(3), 262_144);
    const tokens = createTokenCounter().countText(text);
    expect(tokens).toBeGreaterThanOrEqual(text.length);
    expect(tokens).toBeLessThanOrEqual(3 * text.length);
  });
});

describe('message framing', () => {
  const messages = [
    { role: 'system', content: 'You are a helpful, pattern-following assistant that translates jargon.' },
    { role: 'system', name: 'example_user', content: 'New synergies will help drive top-line growth.' },
    { role: 'system', name: 'example_assistant', content: '一起努力会增加收入。' },
    { role: 'user', content: "This late pivot means we don't have time to boil the ocean." },
  ];

  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    it(`counts a list by OpenAI's documented rule (3 per message, 1 per name, 3 priming) with ${encoding}`, () => {
      const counter = createTokenCounter({ encoding });
      expect(counter.countMessages(messages)).toBe(cookbookCount(messages, encoding));
    });
  }

  it('counts generated role/content/name histories by the documented rule', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record(
            {
              role: fc.constantFrom('system', 'user', 'assistant'),
              content: fc.string({ unit: 'grapheme', maxLength: 60 }),
              name: fc.stringMatching(/^[a-z_]{1,12}$/),
            },
            { requiredKeys: ['role', 'content'] },
          ),
          { maxLength: 12 },
        ),
        (generated) => {
          const plain = generated.map((message) => Object.fromEntries(Object.entries(message)));
          expect(createTokenCounter().countMessages(generated)).toBe(cookbookCount(plain, 'o200k_base'));
        },
      ),
    );
  });

  it('counts one message without the reply priming', () => {
    const counter = createTokenCounter();
    const message = { role: 'user', content: '你好, world' };
    expect(counter.countMessage(message)).toBe(3 + reference('user') + reference('你好, world'));
  });

  it('counts tool calls as the JSON of their wire shape, the same in either message shape', () => {
    const counter = createTokenCounter();
    const wire = [
      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"北京"}' } },
    ];
    const openAi: ChatMessageLike = { role: 'assistant', content: null, tool_calls: wire };
    const camelCase: ChatMessageLike = {
      role: 'assistant',
      content: null,
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: '北京' } }],
    };
    const expected = 3 + reference('assistant') + reference(JSON.stringify(wire));
    expect(counter.countMessage(openAi)).toBe(expected);
    expect(counter.countMessage(camelCase)).toBe(expected);
  });

  it('counts the tool call id of a tool result, in either shape', () => {
    const counter = createTokenCounter();
    const expected = 3 + reference('tool') + reference('sunny') + reference('call_1');
    expect(counter.countMessage({ role: 'tool', tool_call_id: 'call_1', content: 'sunny' })).toBe(expected);
    expect(counter.countMessage({ role: 'tool', toolCallId: 'call_1', content: 'sunny' })).toBe(expected);
  });

  it('counts an image part of unknown size at imageTokens (default 765) and text parts as text', () => {
    const message: ChatMessageLike = {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in these pictures?' },
        { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'auto' } },
      ],
    };
    const text = reference('user') + reference('What is in these pictures?');
    expect(createTokenCounter().countMessage(message)).toBe(3 + text + 2 * 765);
    expect(createTokenCounter({ imageTokens: 1_105 }).countMessage(message)).toBe(3 + text + 2 * 1_105);
  });

  it("counts images by OpenAI's rule: low detail 85, known sizes by their 512-pixel tiles", () => {
    const message: ChatMessageLike = {
      role: 'user',
      content: [
        { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } },
        {
          type: 'input_image',
          image_url: 'https://example.com/b.png',
          detail: 'low',
          width: 4_096,
          height: 8_192,
        },
        {
          type: 'image_url',
          image_url: { url: 'https://example.com/c.png', detail: 'high' },
          width: 2_048,
          height: 4_096,
        },
        { type: 'image_url', image_url: { url: 'https://example.com/d.png' }, width: 1_024, height: 1_024 },
      ],
    };
    // 85 + 85 + (85 + 6 × 170) + (85 + 4 × 170): the vision guide's own examples.
    expect(createTokenCounter({ imageTokens: 0 }).countMessage(message)).toBe(
      3 + reference('user') + 85 + 85 + 1_105 + 765,
    );
  });

  it('counts a content part of another kind as its JSON', () => {
    const part = { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } };
    const message = { role: 'user', content: [part] };
    expect(createTokenCounter().countMessage(message)).toBe(
      3 + reference('user') + reference(JSON.stringify(part)),
    );
  });

  it('uses the configured framing figures', () => {
    const counter = createTokenCounter({ messageOverhead: 4, nameOverhead: 0, replyPriming: 2 });
    const messages = [{ role: 'user', name: 'ann', content: 'hi' }];
    expect(counter.countMessages(messages)).toBe(
      2 + 4 + reference('user') + reference('ann') + reference('hi'),
    );
  });
});

describe('incremental counting', () => {
  it('re-estimating a history that only grew counts only the new message', () => {
    const counter = createTokenCounter();
    const history = mixedHistory(3, 200);
    const first = counter.countMessages(history);
    const before = counter.stats();
    const appended = { role: 'user', content: '再来一条 new message' };
    const second = counter.countMessages([...history, appended]);
    const after = counter.stats();
    expect(after.messageMisses - before.messageMisses).toBe(1);
    expect(after.messageHits - before.messageHits).toBe(200);
    expect(second).toBe(first + counter.countMessage(appended));
  });

  it('recounts a message whose content was replaced after it was counted', () => {
    const counter = createTokenCounter();
    const message: { role: string; content: string } = { role: 'user', content: 'short' };
    const before = counter.countMessage(message);
    message.content = 'a much longer content than before, 长得多的内容';
    expect(counter.countMessage(message)).toBe(3 + reference('user') + reference(message.content));
    expect(counter.countMessage(message)).not.toBe(before);
  });

  it('gives the same figures with a cold and a warm cache', () => {
    const history = mixedHistory(11, 300);
    const warm = createTokenCounter();
    warm.countMessages(history);
    expect(warm.countMessages(history)).toBe(createTokenCounter().countMessages(history));
  });

  it('keeps the text cache within its entry and character bounds', () => {
    const counter = createTokenCounter({ textCacheEntries: 10, textCacheCharacters: 2_000 });
    for (const text of mixedCorpus(5, 300)) counter.countText(text);
    const { cachedTexts, cachedCharacters } = counter.stats();
    expect(cachedTexts).toBeLessThanOrEqual(10);
    expect(cachedCharacters).toBeLessThanOrEqual(2_000);
  });

  it('forgets every figure on clearCache', () => {
    const counter = createTokenCounter();
    const history = mixedHistory(2, 20);
    counter.countMessages(history);
    counter.clearCache();
    counter.countMessages(history);
    expect(counter.stats()).toMatchObject({ messageHits: 0, messageMisses: 20 });
  });
});

describe('encodings and models', () => {
  it('counts with cl100k_base for a GPT-4 model name and o200k_base by default', () => {
    const gpt4 = createTokenCounter({ model: 'gpt-4-0613' });
    expect(gpt4.encoding).toBe('cl100k_base');
    expect(gpt4.countText('多语言 text')).toBe(reference('多语言 text', 'cl100k_base'));
    expect(createTokenCounter().encoding).toBe('o200k_base');
    expect(createTokenCounter({ model: 'some-local-model' }).encoding).toBe('o200k_base');
  });

  it('throws UnknownEncodingError for an encoding it does not ship', () => {
    const attempt = () => createTokenCounter({ encoding: 'p50k_base' as TokenEncodingName });
    expect(attempt).toThrow(UnknownEncodingError);
    try {
      attempt();
    } catch (error) {
      expect(UnknownEncodingError.isInstance(error) && error.code).toBe('TOKEN_BUDGET_UNKNOWN_ENCODING');
    }
  });

  it('rejects a negative or fractional figure with a TypeError', () => {
    expect(() => createTokenCounter({ imageTokens: -1 })).toThrow(TypeError);
    expect(() => createTokenCounter({ messageOverhead: 2.5 })).toThrow(TypeError);
  });
});

describe('tool definitions', () => {
  const weather = {
    name: 'get_weather',
    description: 'Get the weather of a city',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name, e.g. 北京' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer' },
      },
      required: ['city'],
    },
  };
  const clock = { name: 'current_time', description: 'The current time' };

  it('counts no tools as 0', () => {
    expect(createTokenCounter().countTools([])).toBe(0);
  });

  it("counts as the cookbook's num_tokens_for_tools on the same list (see tool-count-parts.test.ts)", () => {
    // func_init 7 per function, name:description; prop_init 3; per property prop_key 3 and
    // name:type:description; enum_init -3 and per value enum_item 3 + the value; func_end 12.
    const expected =
      12 +
      (7 + reference('get_weather:Get the weather of a city')) +
      3 +
      (3 + reference('city:string:City name, e.g. 北京')) +
      (3 - 3 + 3 + reference('celsius') + 3 + reference('fahrenheit') + reference('unit:string:')) +
      (3 + reference('days:integer:')) +
      (7 + reference('current_time:The current time'));
    expect(createTokenCounter().countTools([weather, clock])).toBe(expected);
  });

  it('counts the flat and the wire shape alike and reuses the figure of a definition', () => {
    const counter = createTokenCounter();
    const wire: ToolDefinitionLike[] = [{ type: 'function', function: weather }];
    const flat = counter.countTools([weather]);
    expect(counter.countTools(wire)).toBe(flat);
    const misses = counter.stats().textMisses;
    counter.countTools([weather]);
    expect(counter.stats().textMisses).toBe(misses);
  });

  it('estimates a request as its messages with reply priming plus its tools', () => {
    const counter = createTokenCounter();
    const messages = mixedHistory(9, 30);
    expect(counter.estimateRequest({ messages, tools: [weather] })).toBe(
      counter.countMessages(messages) + counter.countTools([weather]),
    );
    expect(counter.estimateRequest({ messages })).toBe(counter.countMessages(messages));
  });
});
