/**
 * How the built package loads (`dist/index.js`: build first): encodings load on first use, and
 * CommonJS code can `require()` it. Each check runs in a fresh Node process.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

function runNode(file: string): unknown {
  return JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' }));
}

describe('loading the built package', () => {
  it('loads nothing of gpt-tokenizer on import, and one rank table on the first count with it', () => {
    expect(runNode(fixture('loaded-encodings.mjs'))).toEqual({
      afterImport: { rankTables: [], gptTokenizerModules: 0 },
      afterCreate: [],
      afterCount: ['o200k_base'],
    });
  });

  it('is require()d by CommonJS code on Node 20.19+ with no flag, counting as from ESM', () => {
    expect(runNode(fixture('require-consumer.cjs'))).toEqual({
      text: 5,
      message: 9,
      messages: 43,
      errorClass: 'function',
    });
  });
});
