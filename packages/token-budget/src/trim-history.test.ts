import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mixedHistory } from '../test/support/mixed-corpus';
import { type ChatMessageLike, createTokenCounter, planTokenBudget, trimHistory } from './index';

interface Sized extends ChatMessageLike {
  readonly id: number;
  readonly tokens: number;
}

/** A counter that reads each message's size from the message, recording every call. */
function sizeCounter() {
  const calls: Sized[] = [];
  return {
    calls,
    countMessage(message: Sized) {
      calls.push(message);
      return message.tokens;
    },
  };
}

type GroupSpec =
  | { kind: 'text'; role: 'user' | 'assistant'; tokens: number }
  | { kind: 'tools'; tokens: number; results: number[] }
  | { kind: 'orphan'; tokens: number };

const groupSpec: fc.Arbitrary<GroupSpec> = fc.oneof(
  fc.record({
    kind: fc.constant('text' as const),
    role: fc.constantFrom('user' as const, 'assistant' as const),
    tokens: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({
    kind: fc.constant('tools' as const),
    tokens: fc.integer({ min: 1, max: 30 }),
    results: fc.array(fc.integer({ min: 1, max: 90 }), { maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('orphan' as const), tokens: fc.integer({ min: 1, max: 20 }) }),
);

/** Builds the messages of the specs and the groups they form (as index lists), by construction. */
function build(specs: readonly GroupSpec[]): { history: Sized[]; groups: number[][] } {
  const history: Sized[] = [];
  const groups: number[][] = [];
  const add = (message: Omit<Sized, 'id'>) => {
    history.push({ ...message, id: history.length });
    return history.length - 1;
  };
  for (const spec of specs) {
    if (spec.kind === 'text') {
      groups.push([add({ role: spec.role, content: 'text', tokens: spec.tokens })]);
    } else if (spec.kind === 'orphan') {
      // A tool result with no call of its own; right after a tool-call group it belongs to it.
      const index = add({ role: 'tool', tool_call_id: 'gone', content: 'late result', tokens: spec.tokens });
      const previous = groups.at(-1);
      if (previous !== undefined && (history[previous[0]!]!.toolCalls?.length ?? 0) > 0) previous.push(index);
      else groups.push([index]);
    } else {
      const toolCalls = [{ id: `call_${history.length}`, name: 'lookup', arguments: '{}' }];
      const group = [add({ role: 'assistant', content: null, toolCalls, tokens: spec.tokens })];
      for (const size of spec.results)
        group.push(add({ role: 'tool', toolCallId: 'x', content: 'r', tokens: size }));
      groups.push(group);
    }
  }
  return { history, groups };
}

const specs = fc.array(groupSpec, { maxLength: 40 });

const scenario = specs.chain((list) => {
  const { history, groups } = build(list);
  const total = history.reduce((sum, message) => sum + message.tokens, 0);
  return fc.record({
    history: fc.constant(history),
    groups: fc.constant(groups),
    allowance: fc.integer({ min: 0, max: total + 10 }),
    chunkTokens: fc.integer({ min: 0, max: 80 }),
    protectedTail: fc.integer({ min: 0, max: Math.min(4, history.length) }),
    protectedIds: fc.subarray(history.map((message) => message.id)),
  });
});

interface Scenario {
  history: Sized[];
  groups: number[][];
  allowance: number;
  chunkTokens: number;
  protectedTail: number;
  protectedIds: number[];
}

function run(input: Scenario) {
  const marked = new Set(input.protectedIds);
  return trimHistory({
    history: input.history,
    allowance: input.allowance,
    counter: sizeCounter(),
    chunkTokens: input.chunkTokens,
    protectedTail: input.protectedTail,
    isProtected: (message) => marked.has(message.id),
  });
}

/** Which groups must survive: those holding a protected message, and the latest tool-call group. */
function protectedGroups(input: Scenario): boolean[] {
  const marked = new Set(input.protectedIds);
  const tailStart = input.history.length - input.protectedTail;
  const flags = input.groups.map((group) => group.some((index) => index >= tailStart || marked.has(index)));
  const latestToolGroup = input.groups.findLastIndex((group) =>
    input.history[group[0]!]!.role === 'assistant'
      ? (input.history[group[0]!]!.toolCalls?.length ?? 0) > 0
      : false,
  );
  if (latestToolGroup >= 0) flags[latestToolGroup] = true;
  return flags;
}

const sum = (messages: readonly Sized[]) => messages.reduce((total, message) => total + message.tokens, 0);

describe('trimHistory', () => {
  it('[USG-9] never splits an assistant tool-call message from its tool results', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const dropped = new Set(run(input).dropped.map((message) => message.id));
        for (const group of input.groups) {
          const droppedInGroup = group.filter((index) => dropped.has(index)).length;
          expect([0, group.length]).toContain(droppedInGroup);
        }
      }),
    );
  });

  it('[USG-9] never drops the protected tail, marked messages or the latest tool-call group', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const dropped = new Set(run(input).dropped.map((message) => message.id));
        protectedGroups(input).forEach((isProtected, groupIndex) => {
          if (!isProtected) return;
          for (const index of input.groups[groupIndex]!) expect(dropped.has(index)).toBe(false);
        });
      }),
    );
  });

  it('[USG-9] keeps the history within its allowance whenever the protected part fits', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const flags = protectedGroups(input);
        const protectedTokens = input.groups
          .filter((_, groupIndex) => flags[groupIndex])
          .reduce(
            (total, group) => total + group.reduce((size, index) => size + input.history[index]!.tokens, 0),
            0,
          );
        const result = run(input);
        if (protectedTokens <= input.allowance) {
          expect(result.keptTokens).toBeLessThanOrEqual(input.allowance);
          expect(result.withinAllowance).toBe(true);
        }
        expect(result.keptTokens).toBe(sum(result.kept));
        expect(result.droppedTokens).toBe(sum(result.dropped));
      }),
    );
  });

  it('[USG-9] drops oldest first: no droppable group older than a dropped one is kept', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const dropped = new Set(run(input).dropped.map((message) => message.id));
        const flags = protectedGroups(input);
        let keptDroppable = false;
        input.groups.forEach((group, groupIndex) => {
          const isDropped = dropped.has(group[0]!);
          if (isDropped) expect(keptDroppable).toBe(false);
          if (!isDropped && !flags[groupIndex]) keptDroppable = true;
        });
      }),
    );
  });

  it('[USG-9] drops whole token-sized chunks: at least the excess rounded up to a chunk, one group past it at most', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const result = run(input);
        if (!result.trimmed) return;
        const step = Math.max(1, input.chunkTokens);
        const target = Math.ceil((result.historyTokens - input.allowance) / step) * step;
        const lastDroppedGroup = input.groups.findLast((group) =>
          result.dropped.some((m) => m.id === group[0]),
        );
        const lastGroupTokens = lastDroppedGroup!.reduce(
          (size, index) => size + input.history[index]!.tokens,
          0,
        );
        expect(result.droppedTokens - lastGroupTokens).toBeLessThan(target);
        const droppableLeft = result.kept.some((message) => {
          const groupIndex = input.groups.findIndex((group) => group.includes(message.id));
          return !protectedGroups(input)[groupIndex];
        });
        if (droppableLeft) expect(result.droppedTokens).toBeGreaterThanOrEqual(target);
      }),
    );
  });

  it('[USG-9] keeps every message in its order and loses none', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const result = run(input);
        const ids = (messages: readonly Sized[]) => messages.map((message) => message.id);
        expect([...ids(result.kept), ...ids(result.dropped)].sort((a, b) => a - b)).toEqual(
          ids(input.history),
        );
        expect(ids(result.kept)).toEqual([...ids(result.kept)].sort((a, b) => a - b));
        expect(result.trimmed).toBe(result.dropped.length > 0);
      }),
    );
  });

  it('[USG-9] counts each message once, so the work is linear in the history length', () => {
    const { history } = build(
      Array.from({ length: 500 }, (_, index) => ({ kind: 'text', role: 'user', tokens: 1 + (index % 7) })),
    );
    const counter = sizeCounter();
    trimHistory({ history, allowance: 100, counter });
    expect(counter.calls).toHaveLength(history.length);
  });

  it('[USG-9] leaves a history within its allowance untouched', () => {
    const { history } = build([
      { kind: 'text', role: 'user', tokens: 10 },
      { kind: 'text', role: 'assistant', tokens: 10 },
    ]);
    const result = trimHistory({ history, allowance: 20, counter: sizeCounter() });
    expect(result).toMatchObject({ trimmed: false, dropped: [], droppedTokens: 0, keptTokens: 20 });
    expect(result.kept).toEqual(history);
  });

  it('[USG-9] trims history over its allowance even when the whole request would fit the window', () => {
    const counter = createTokenCounter();
    const history = mixedHistory(21, 120);
    const historyTokens = history.reduce((total, message) => total + counter.countMessage(message), 0);
    const plan = planTokenBudget({
      contextWindow: 1_000_000,
      maxOutput: 4_096,
      maxHistoryTokens: historyTokens - 1,
    });
    expect(historyTokens).toBeLessThan(plan.tokenBudget);
    const result = trimHistory({ history, allowance: plan.historyAllowance, counter, protectedTail: 1 });
    expect(result.trimmed).toBe(true);
    expect(result.keptTokens).toBeLessThanOrEqual(plan.historyAllowance);
    expect(result.kept.at(-1)).toBe(history.at(-1));
  });

  it('[USG-9] keeps the dropped prefix stable while the history grows within one chunk', () => {
    // 2,050 tokens against 1,000: the excess of 1,050 rounds up to 1,200, that is 120 messages.
    const { history } = build(
      Array.from({ length: 205 }, () => ({ kind: 'text', role: 'user', tokens: 10 })),
    );
    const trim = (messages: readonly Sized[]) =>
      trimHistory({ history: messages, allowance: 1_000, chunkTokens: 200, counter: sizeCounter() }).dropped
        .length;
    const first = trim(history);
    const grown = [...history, { role: 'user', content: 'x', id: 205, tokens: 10 }];
    expect(first).toBe(120);
    expect(trim(grown)).toBe(first);
  });

  it('[USG-9] protects the latest tool-call group unless told not to', () => {
    const { history } = build([
      { kind: 'tools', tokens: 50, results: [50] },
      { kind: 'text', role: 'user', tokens: 10 },
    ]);
    const kept = (protectLatestToolCallGroup: boolean) =>
      trimHistory({
        history,
        allowance: 10,
        chunkTokens: 0,
        protectedTail: 1,
        counter: sizeCounter(),
        protectLatestToolCallGroup,
      }).kept.length;
    expect(kept(true)).toBe(3);
    expect(kept(false)).toBe(1);
  });

  it('rejects a negative allowance or a fractional chunk with a TypeError', () => {
    const counter = sizeCounter();
    expect(() => trimHistory({ history: [], allowance: -1, counter })).toThrow(TypeError);
    expect(() => trimHistory({ history: [], allowance: 1, chunkTokens: 0.5, counter })).toThrow(TypeError);
  });
});
