import { describe, expect, it } from 'vitest';
import { AGENT_HOOK_KEYS, PROMPT_BUCKETS, TOKEN_BUDGET_BUCKETS } from './index';

describe('token budget buckets', () => {
  it('[USG-7] are the 12 fixed buckets in display order', () => {
    expect(TOKEN_BUDGET_BUCKETS).toEqual([
      'system',
      'persona',
      'memorySummary',
      'memoryVector',
      'skills',
      'platform',
      'subtask',
      'systemOther',
      'history',
      'toolResults',
      'toolDefs',
      'reservedForReply',
    ]);
  });

  it('[USG-7] [PRM-3] start with the prompt buckets contributions count in', () => {
    expect(TOKEN_BUDGET_BUCKETS.slice(0, PROMPT_BUCKETS.length)).toEqual([...PROMPT_BUCKETS]);
  });
});

describe('agent hook keys', () => {
  it('[HK-1] [HK-8] name the eight hooks of the contract', () => {
    expect(new Set(AGENT_HOOK_KEYS)).toEqual(
      new Set([
        'agent:input:before',
        'agent:turn:before',
        'agent:llm:before',
        'agent:llm:after',
        'agent:tool:before',
        'agent:tool:after',
        'agent:reply:before',
        'agent:turn:after',
      ]),
    );
  });
});
