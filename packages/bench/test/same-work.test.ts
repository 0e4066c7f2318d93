import { describe, expect, it } from 'vitest';
import { createAalisTurnApp, type ModelCallRecord } from '../support/aalis-turn';
import { createAiSdkTurn } from '../support/ai-sdk-turn';
import { createBareLoopTurn } from '../support/bare-loop-turn';
import { createLangGraphTurn } from '../support/langgraph-turn';
import { createOpenAiAgentsTurn } from '../support/openai-agents-turn';
import { finalAnswer, historyLength, toolNames } from '../support/turn-workload';

interface Recorder {
  readonly onModelCall: (record: ModelCallRecord) => void;
  readonly onToolCall: (name: string) => void;
  readonly calls: ModelCallRecord[];
  readonly tools: string[];
}

function recorder(): Recorder {
  const calls: ModelCallRecord[] = [];
  const tools: string[] = [];
  return {
    calls,
    tools,
    onModelCall: (record) => calls.push(record),
    onToolCall: (name) => tools.push(name),
  };
}

/** What every column's model must see: history + input, then one tool call and result more per call. */
const expectedConversation = [0, 1, 2, 3].map((step) => historyLength + 1 + step * 2);

const peers = {
  'ai generateText': createAiSdkTurn,
  '@openai/agents-core run': createOpenAiAgentsTurn,
  'langgraph createReactAgent': createLangGraphTurn,
  'bare loop': createBareLoopTurn,
} as const;

describe('every column of the per-turn suite does the same turn', () => {
  for (const [name, create] of Object.entries(peers)) {
    it(`${name}: four model calls over the growing conversation, the three tools in order, then the answer`, async () => {
      const seen = recorder();
      const answer = await create(seen)();
      expect(answer).toBe(finalAnswer);
      expect(seen.tools).toEqual([...toolNames]);
      expect(seen.calls.map((call) => call.conversationMessages)).toEqual(expectedConversation);
      expect(seen.calls.every((call) => call.systemMessages === 1 && call.tools === toolNames.length)).toBe(
        true,
      );
    });
  }

  it('@aalis/plugin-agent: the same calls with the five contributions as five system messages, persisting the turn', async () => {
    const seen = recorder();
    const harness = createAalisTurnApp(seen);
    await harness.seed('session-1');
    await harness.turn('session-1');
    expect(seen.tools).toEqual([...toolNames]);
    expect(seen.calls.map((call) => call.conversationMessages)).toEqual(expectedConversation);
    expect(seen.calls.every((call) => call.systemMessages === 5 && call.tools === toolNames.length)).toBe(
      true,
    );
    const stored = await harness.store.list('session-1');
    expect(stored.slice(historyLength).map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(stored.at(-1)?.content).toBe(finalAnswer);
    expect(harness.errors).toEqual([]);
  });

  it('@aalis/plugin-agent: rolling the turn back leaves exactly the 100-message history for the next sample', async () => {
    const harness = createAalisTurnApp();
    await harness.seed('session-1');
    await harness.turn('session-1');
    expect(await harness.rollbackLastTurn('session-1')).toBe(8);
    expect(await harness.store.list('session-1')).toHaveLength(historyLength);
  });

  it('@aalis/plugin-agent: with the answer-at-once script, injections into one session each make a turn of their own', async () => {
    const seen = recorder();
    const harness = createAalisTurnApp({ ...seen, script: 'answer' });
    await Promise.all([1, 2, 3].map(() => harness.turn('session-1', { injection: true })));
    expect(seen.calls).toHaveLength(3);
    expect(seen.tools).toEqual([]);
  });
});
