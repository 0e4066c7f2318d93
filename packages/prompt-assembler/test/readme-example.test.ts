import '@aalis/api-agent';
import { contributions, createApp, definePlugin } from '@aalis/core';
import { computeTokenBreakdown, createTokenCounter, DEFAULT_BUCKET_LABELS } from '@aalis/token-budget';
import { describe, expect, it } from 'vitest';
import { createPromptAssembler, createPromptClassifier } from '../src/index';

// The example of README.md, step for step; the figures it prints are checked here.
const memoryPlugin = definePlugin({
  name: '@acme/plugin-memory',
  uses: { contributions },
  apply({ contributions }) {
    contributions.use.contribute('agent:prompt', {
      localId: 'summary',
      bucket: 'memorySummary',
      label: { key: 'memory.summary', fallback: 'Conversation summary' },
      build: ({ dryRun }) =>
        dryRun ? 'Summary: (estimate)' : 'Summary: the user is planning a hike on Saturday.',
    });
  },
});

describe('the README example', () => {
  it('[PRM-3] shows the contributed block and its parts row with the per-injector figure', async () => {
    const app = createApp();
    app.plugin(memoryPlugin);
    const counter = createTokenCounter({ model: 'gpt-4o' });
    const assembler = createPromptAssembler({
      contributions: () => app.service(contributions).use.list('agent:prompt'),
      counter,
    });
    const history = [{ role: 'user' as const, content: 'What should I pack?' }];
    const turn = new AbortController();
    const assembly = await assembler.assemble({
      sessionId: 'qq:group:42',
      platform: 'qq',
      turnId: 'turn-1',
      inputs: [],
      signal: turn.signal,
      messages: history,
    });
    const messages = [
      { role: 'system' as const, content: 'You are Aalis.' },
      ...assembly.messages,
      ...history,
    ];
    const { parts } = computeTokenBreakdown({
      messages,
      counter,
      classify: createPromptClassifier({ blocks: assembly.blocks }),
      omitEmptyParts: true,
    });

    const [block] = assembly.blocks;
    expect(block).toMatchObject({ key: '@acme/plugin-memory#1/summary', bucket: 'memorySummary' });
    expect(assembly.messages).toEqual([
      {
        role: 'system',
        content: 'Summary: the user is planning a hike on Saturday.',
        metadata: { injector: '@acme/plugin-memory#1/summary' },
      },
    ]);
    const counted = counter.countMessage(assembly.messages[0]!);
    expect(block?.tokens).toBe(counted);
    expect(parts[1]).toEqual({
      label: DEFAULT_BUCKET_LABELS.memorySummary,
      tokens: counted,
      injectors: { '@acme/plugin-memory#1/summary': counted },
    });
    // The figure README.md prints for this row.
    expect(counted).toBe(15);
  });
});
