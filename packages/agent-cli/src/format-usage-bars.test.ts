import type { TokenUsageEvent } from '@aalis/api-agent';
import { describe, expect, it } from 'vitest';
import { createTerminalOutput, formatUsageBars } from './index';

const breakdown = {
  system: 120,
  persona: 0,
  memorySummary: 0,
  memoryVector: 0,
  skills: 0,
  platform: 0,
  subtask: 0,
  systemOther: 0,
  history: 240,
  toolResults: 60,
  toolDefs: 0,
  reservedForReply: 1024,
};

const usage: TokenUsageEvent = {
  sessionId: 's1',
  turnId: 't1',
  snapshot: false,
  model: 'demo/scripted',
  used: 420,
  contextWindow: 16_384,
  usageRatio: 420 / 16_384,
  tokenBudget: 15_000,
  trimmed: false,
  untrimmedHistory: 300,
  historyMessages: 7,
  historyLimit: 20,
  breakdown,
  parts: [
    { label: 'System prompt', tokens: 120 },
    { label: { key: 'usage.persona', fallback: 'Persona' }, tokens: 0 },
    { label: { key: 'usage.history' }, tokens: 240 },
    { label: 'Tool results', tokens: 60 },
  ],
};

describe('formatUsageBars', () => {
  it('[USG-7] prints one bar per non-empty part in display order, scaled to the largest, then the empty parts', () => {
    expect(formatUsageBars(usage, { width: 8 })).toEqual([
      'usage: 420 of 16,384 tokens (2.6%) · 7 history messages (limit 20) · demo/scripted',
      '  System prompt ████     120',
      '  usage.history ████████ 240',
      '  Tool results  ██        60',
      '  (empty: Persona)',
    ]);
  });

  it('marks trimmed usage and snapshots, and gives a tiny part a bar of one', () => {
    const lines = formatUsageBars(
      {
        ...usage,
        trimmed: true,
        snapshot: true,
        historyLimit: 0,
        parts: [
          { label: 'a', tokens: 1 },
          { label: 'b', tokens: 1000 },
        ],
      },
      { width: 10 },
    );
    expect(lines[0]).toBe(
      'usage: 420 of 16,384 tokens (2.6%) · 7 history messages · demo/scripted · trimmed · snapshot',
    );
    expect(lines.slice(1)).toEqual(['  a █              1', '  b ██████████ 1,000']);
  });

  it('colours the bars only when the output has colour', () => {
    const styled = createTerminalOutput({ sink: { write: () => undefined }, color: true }).style;
    expect(formatUsageBars(usage, { width: 8, style: styled })[1]).toContain('\u001b[36m████\u001b[39m');
  });
});
