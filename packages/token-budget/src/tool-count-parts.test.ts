import { get_encoding, type Tiktoken } from 'tiktoken';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenCounter, type OpenAIToolDefinition, type TokenEncodingName } from './index';

const references: Record<TokenEncodingName, Tiktoken> = {
  o200k_base: get_encoding('o200k_base'),
  cl100k_base: get_encoding('cl100k_base'),
};
afterAll(() => {
  for (const encoding of Object.values(references)) encoding.free();
});

interface CookbookTool {
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: {
      readonly properties: Record<string, { type: string; description: string; enum?: string[] }>;
    };
  };
}

/**
 * `num_tokens_for_tools` of OpenAI's cookbook "How to count tokens with tiktoken" (section 7),
 * line for line, without the messages: its figures for gpt-4o and gpt-4o-mini (o200k_base) and
 * for gpt-3.5-turbo and gpt-4 (cl100k_base), counted with tiktoken.
 */
function cookbookToolTokens(functions: readonly CookbookTool[], encodingName: TokenEncodingName): number {
  const funcInit = encodingName === 'o200k_base' ? 7 : 10;
  const [propInit, propKey, enumInit, enumItem, funcEnd] = [3, 3, -3, 3, 12];
  const encoding = references[encodingName];
  const encode = (text: string) => encoding.encode(text).length;
  let funcTokenCount = 0;
  if (functions.length > 0) {
    for (const f of functions) {
      funcTokenCount += funcInit;
      const fn = f.function;
      let fDesc = fn.description;
      if (fDesc.endsWith('.')) fDesc = fDesc.slice(0, -1);
      funcTokenCount += encode(`${fn.name}:${fDesc}`);
      if (Object.keys(fn.parameters.properties).length > 0) {
        funcTokenCount += propInit;
        for (const [key, property] of Object.entries(fn.parameters.properties)) {
          funcTokenCount += propKey;
          if ('enum' in property) {
            funcTokenCount += enumInit;
            for (const item of property.enum ?? []) funcTokenCount += enumItem + encode(item);
          }
          let pDesc = property.description;
          if (pDesc.endsWith('.')) pDesc = pDesc.slice(0, -1);
          funcTokenCount += encode(`${key}:${property.type}:${pDesc}`);
        }
      }
    }
    funcTokenCount += funcEnd;
  }
  return funcTokenCount;
}

function tool(
  name: string,
  description: string,
  properties: CookbookTool['function']['parameters']['properties'] = {},
): OpenAIToolDefinition & CookbookTool {
  return { type: 'function', function: { name, description, parameters: { type: 'object', properties } } };
}

/** The cookbook's own example (section 7). */
const getCurrentWeather = tool('get_current_weather', 'Get the current weather in a given location', {
  location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' },
  unit: { type: 'string', description: 'The unit of temperature to return', enum: ['celsius', 'fahrenheit'] },
});
const cookbookMessages = [
  { role: 'system', content: 'You are a helpful assistant that can answer to questions about the weather.' },
  { role: 'user', content: "What's the weather like in San Francisco?" },
];

const toolLists: Record<string, readonly (OpenAIToolDefinition & CookbookTool)[]> = {
  'the cookbook example': [getCurrentWeather],
  'no parameters, a description ending in a period': [tool('current_time', 'Tells the current time.')],
  'several tools, enums, Chinese descriptions': [
    getCurrentWeather,
    tool('search_flights', '查询两个城市之间的航班。', {
      from: { type: 'string', description: '出发城市' },
      to: { type: 'string', description: '到达城市.' },
      cabin: {
        type: 'string',
        description: 'Cabin class',
        enum: ['economy', 'premium', 'business', 'first'],
      },
      passengers: { type: 'integer', description: 'How many people travel' },
    }),
    tool('send_email', 'Send an e-mail on behalf of the user', {
      to: { type: 'string', description: 'Recipient address' },
      subject: { type: 'string', description: 'Subject line' },
      body: { type: 'string', description: 'Plain text body. Markdown is not rendered.' },
      urgent: { type: 'boolean', description: 'Whether to flag it' },
    }),
  ],
  'long descriptions and many enum values': [
    tool('classify', 'Classify a support ticket into one of the queues we route to. '.repeat(8), {
      queue: {
        type: 'string',
        description: 'The queue',
        enum: ['billing', 'refunds', 'shipping', 'returns', 'accounts', 'security', 'other'],
      },
      confidence: { type: 'number', description: 'From 0 to 1' },
    }),
  ],
};

describe("tool definitions, counted as the cookbook's num_tokens_for_tools", () => {
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    for (const [name, tools] of Object.entries(toolLists)) {
      it(`${encoding}: ${name}`, () => {
        expect(createTokenCounter({ encoding }).countTools(tools)).toBe(cookbookToolTokens(tools, encoding));
      });
    }
  }

  it('gives the prompt tokens the cookbook reports from the API for its example: 101 for gpt-4o, 105 for gpt-4', () => {
    const request = { messages: cookbookMessages, tools: [getCurrentWeather] };
    expect(createTokenCounter({ model: 'gpt-4o' }).estimateRequest(request)).toBe(101);
    expect(createTokenCounter({ model: 'gpt-4o-mini' }).estimateRequest(request)).toBe(101);
    expect(createTokenCounter({ model: 'gpt-4' }).estimateRequest(request)).toBe(105);
    expect(createTokenCounter({ model: 'gpt-3.5-turbo' }).estimateRequest(request)).toBe(105);
  });

  it('counts the flat shape and a definition without parameters or description', () => {
    const counter = createTokenCounter();
    expect(counter.countTools([getCurrentWeather.function])).toBe(counter.countTools([getCurrentWeather]));
    const bare = { name: 'ping' };
    expect(counter.countTools([bare])).toBe(12 + 7 + references.o200k_base.encode('ping:').length);
  });

  it('ignores nested properties, as the cookbook does', () => {
    const counter = createTokenCounter();
    const flat = tool('put', 'Store a record', { record: { type: 'object', description: 'The record' } });
    const nested = {
      type: 'function' as const,
      function: {
        ...flat.function,
        parameters: {
          type: 'object',
          properties: {
            record: {
              type: 'object',
              description: 'The record',
              properties: { id: { type: 'string', description: 'Its id' } },
            },
          },
        },
      },
    };
    expect(counter.countTools([nested])).toBe(counter.countTools([flat]));
  });
});
