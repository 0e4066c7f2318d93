import { describe, expect, it } from 'vitest';
import { mixedHistory } from '../test/support/mixed-corpus';
import { type ChatMessageLike, createTokenCounter, createTurnUsageTracker, planTokenBudget } from './index';

interface ArchivedMessage extends ChatMessageLike {
  readonly kind?: 'event-marker' | 'turn-stopped';
}

const counter = createTokenCounter();
const plan = planTokenBudget({ contextWindow: 128_000, maxOutput: 16_384 });

describe('createTurnUsageTracker', () => {
  it('[USG-3] keeps trimmed true for every later call of the turn once a call was trimmed', () => {
    const tracker = createTurnUsageTracker<ChatMessageLike>({ historyMessagesAtStart: 10, historyLimit: 0 });
    const messages = mixedHistory(1, 10);
    const first = tracker.build({ counter, plan, messages, historyTrimmed: false });
    const second = tracker.build({ counter, plan, messages, historyTrimmed: true });
    const third = tracker.build({ counter, plan, messages, historyTrimmed: false });
    expect([first.trimmed, second.trimmed, third.trimmed]).toEqual([false, true, true]);
    expect(tracker.trimmed).toBe(true);
  });

  it('[USG-5] counts the history at turn start plus appended tool calls, results and joined inputs', () => {
    const tracker = createTurnUsageTracker<ArchivedMessage>({
      historyMessagesAtStart: 25,
      historyLimit: 20,
      isControlMessage: (message) => message.kind === 'event-marker',
    });
    const messages: ArchivedMessage[] = [{ role: 'user', content: 'hi' }];
    expect(tracker.build({ counter, plan, messages }).historyMessages).toBe(25);
    tracker.append([
      { role: 'assistant', content: null, toolCalls: [{ id: 'a', name: 'f', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'a', content: 'done' },
    ]);
    tracker.append([{ role: 'user', content: 'joined input' }]);
    tracker.append([{ role: 'system', content: '', kind: 'event-marker' }]);
    const usage = tracker.build({ counter, plan, messages });
    expect(usage.historyMessages).toBe(28);
    expect(tracker.historyMessages).toBe(28);
  });

  it("[USG-1] builds one usage per model call, each from that call's own figures", () => {
    const tracker = createTurnUsageTracker<ChatMessageLike>({ historyMessagesAtStart: 4, historyLimit: 0 });
    const messages = mixedHistory(5, 4);
    const usages = [1_000, 1_200, 1_500].map((promptTokens) =>
      tracker.build({ counter, plan, messages, promptTokens }),
    );
    expect(usages.map((usage) => usage.used)).toEqual([1_000, 1_200, 1_500]);
    expect(usages.map((usage) => usage.usageRatio)).toEqual(
      [1_000, 1_200, 1_500].map((used) => used / 128_000),
    );
  });

  it('[USG-6] reports the turn history limit on every call', () => {
    const tracker = createTurnUsageTracker<ChatMessageLike>({ historyMessagesAtStart: 3, historyLimit: 50 });
    expect(tracker.build({ counter, plan, messages: [] }).historyLimit).toBe(50);
    expect(tracker.historyLimit).toBe(50);
  });

  it('rejects negative counts with a TypeError', () => {
    expect(() => createTurnUsageTracker({ historyMessagesAtStart: -1, historyLimit: 0 })).toThrow(TypeError);
  });
});
