import type { ChatMessage } from '@aalis/api-llm';
import {
  computeTokenBreakdown,
  createTokenCounter,
  createTurnUsageTracker,
  DEFAULT_BUCKET_LABELS,
} from '@aalis/token-budget';
import { describe, expect, it } from 'vitest';
import { assemblerApp, promptPlugin, textSpec } from '../test/fixtures';
import { createPromptClassifier, injectorFiguresOf } from './index';

const history: ChatMessage[] = [
  { role: 'user', content: 'What did we plan for Saturday?' },
  { role: 'assistant', content: 'A hike, weather permitting.' },
];

async function assembledCall() {
  const setup = assemblerApp();
  setup.app.plugin(
    promptPlugin('@acme/plugin-memory', [
      textSpec('summary', 'The user is planning a hike on Saturday.', { bucket: 'memorySummary' }),
      {
        localId: 'recall',
        bucket: 'memoryVector',
        label: 'Recall',
        build: () => [
          { role: 'system', content: 'Memory: the user likes mountains.' },
          { role: 'system', content: 'Memory: the user owns boots.' },
        ],
      },
    ]),
  );
  setup.app.plugin(
    promptPlugin('@acme/plugin-notes', [textSpec('notes', 'Note: bring water.', { bucket: 'memoryVector' })]),
  );
  const assembly = await setup.assembler.assemble({ sessionId: 's1', messages: history });
  return { ...setup, assembly, messages: [...assembly.messages, ...history] };
}

describe('per-injector token figures', () => {
  it("[PRM-3] each block's tokens are token-budget's count of its messages", async () => {
    const { assembly, counter } = await assembledCall();
    for (const block of assembly.blocks) {
      const counted = block.messages.reduce((sum, message) => sum + counter.countMessage(message), 0);
      expect(block.tokens).toBe(counted);
      expect(block.tokens).toBeGreaterThan(0);
    }
  });

  it('[PRM-3] promptBlocks are the messages in order, each with its bucket, injector and own tokens', async () => {
    const { assembly, counter } = await assembledCall();
    expect(assembly.promptBlocks.map((block) => block.message)).toEqual(assembly.messages);
    for (const block of assembly.blocks) {
      const own = assembly.promptBlocks.filter((promptBlock) => promptBlock.injector === block.key);
      expect(own.map((promptBlock) => promptBlock.message)).toEqual(block.messages);
      for (const promptBlock of own) {
        expect(promptBlock.bucket).toBe(block.bucket);
        expect(promptBlock.tokens).toBe(counter.countMessage(promptBlock.message));
      }
      expect(own.reduce((sum, promptBlock) => sum + promptBlock.tokens, 0)).toBe(block.tokens);
    }
    expect(assembly.promptBlocks).toHaveLength(4);
  });

  it('[PRM-3] parts[].injectors carries each block under its key with the same figure token-budget counts', async () => {
    const { assembly, counter, messages } = await assembledCall();
    const { parts, breakdown } = computeTokenBreakdown({
      messages,
      counter,
      classify: createPromptClassifier({ blocks: assembly.blocks }),
    });
    const row = (bucket: 'memorySummary' | 'memoryVector') =>
      parts.find((part) => part.label === DEFAULT_BUCKET_LABELS[bucket]);
    const [summary, recall, notes] = assembly.blocks;
    expect(row('memorySummary')?.injectors).toEqual({ '@acme/plugin-memory#1/summary': summary?.tokens });
    expect(row('memoryVector')?.injectors).toEqual({
      '@acme/plugin-memory#1/recall': recall?.tokens,
      '@acme/plugin-notes#1/notes': notes?.tokens,
    });
    expect(breakdown.memoryVector).toBe((recall?.tokens ?? 0) + (notes?.tokens ?? 0));
    expect(breakdown.history).toBe(counter.countMessage(history[0]!) + counter.countMessage(history[1]!));
  });

  it('[PRM-3] injectorFiguresOf gives the figures the breakdown rows carry', async () => {
    const { assembly, counter, messages } = await assembledCall();
    const { parts } = computeTokenBreakdown({
      messages,
      counter,
      classify: createPromptClassifier({ blocks: assembly.blocks }),
    });
    const figures = injectorFiguresOf(assembly.blocks);
    expect(Object.keys(figures)).toEqual(['memorySummary', 'memoryVector']);
    expect(parts.find((part) => part.label === DEFAULT_BUCKET_LABELS.memorySummary)?.injectors).toEqual(
      figures.memorySummary,
    );
    expect(parts.find((part) => part.label === DEFAULT_BUCKET_LABELS.memoryVector)?.injectors).toEqual(
      figures.memoryVector,
    );
  });

  it('[USG-7] the usage of a call reports the injectors in its parts through the turn tracker', async () => {
    const { assembly, counter, messages } = await assembledCall();
    const tracker = createTurnUsageTracker({ historyMessagesAtStart: history.length, historyLimit: 0 });
    const usage = tracker.build({
      counter,
      plan: { contextWindow: 128_000, tokenBudget: 100_000, reservedForReply: 4_096 },
      messages,
      classify: createPromptClassifier({ blocks: assembly.blocks }),
    });
    const injectors = Object.assign({}, ...usage.parts.map((part) => part.injectors ?? {}));
    expect(injectors).toEqual(Object.fromEntries(assembly.blocks.map((block) => [block.key, block.tokens])));
  });

  it('still attributes copies of the messages that keep their metadata (agent:llm:before edits)', async () => {
    const { assembly, messages } = await assembledCall();
    const counter = createTokenCounter();
    const copies = messages.map((message) => ({ ...message }));
    const { parts } = computeTokenBreakdown({
      messages: copies,
      counter,
      classify: createPromptClassifier({ blocks: assembly.blocks }),
    });
    expect(parts.find((part) => part.label === DEFAULT_BUCKET_LABELS.memorySummary)?.injectors).toEqual({
      '@acme/plugin-memory#1/summary': assembly.blocks[0]?.tokens,
    });
  });

  it('classifies messages of unknown injectors and untagged ones with the fallback', async () => {
    const { assembly } = await assembledCall();
    const classify = createPromptClassifier<ChatMessage & { metadata?: object }>({
      blocks: assembly.blocks,
      fallback: () => 'systemOther',
    });
    expect(classify({ role: 'system', content: 'x', metadata: { injector: '@gone/plugin#1/old' } }, 0)).toBe(
      'systemOther',
    );
    expect(classify({ role: 'user', content: 'x' }, 1)).toBe('systemOther');
    expect(createPromptClassifier({ blocks: [] })({ role: 'user', content: 'x' }, 0)).toBe('history');
  });
});
