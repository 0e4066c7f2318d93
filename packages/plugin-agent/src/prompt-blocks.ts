import type { PromptBlock, PromptContributionView } from '@aalis/api-agent';
import type { PromptAssembler } from '@aalis/prompt-assembler';
import type { TokenCounter } from '@aalis/token-budget';
import type { ToolLoopAssembler } from '@aalis/tool-loop';

/**
 * Joins the configured base system prompt (bucket `system`, counted once when the agent is
 * created) and the `agent:prompt` contributions materialised by the prompt assembler
 * ([PRM-1]), each message tagged with its injector and counted once by the assembler, into
 * the blocks the tool loop puts before the conversation and budgets with ([PRM-3], [USG-7]).
 */
export function createPromptBlocks(options: {
  readonly systemPrompt: string | undefined;
  readonly assembler: PromptAssembler | undefined;
  readonly counter: Pick<TokenCounter, 'countMessage'>;
}): ToolLoopAssembler {
  const { systemPrompt, counter } = options;
  const system = { role: 'system' as const, content: systemPrompt ?? '' };
  const base: readonly PromptBlock[] =
    systemPrompt === undefined || systemPrompt.trim() === ''
      ? []
      : [{ message: system, bucket: 'system', tokens: counter.countMessage(system) }];
  return {
    async assemble(view: PromptContributionView) {
      if (options.assembler === undefined) return base;
      const assembly = await options.assembler.assemble({
        sessionId: view.sessionId,
        ...(view.platform === undefined ? {} : { platform: view.platform }),
        ...(view.dryRun ? {} : { inputs: view.inputs }),
        ...(view.dryRun || view.turnId === undefined ? {} : { turnId: view.turnId }),
        signal: view.signal,
        dryRun: view.dryRun,
        messages: view.messages,
      });
      return base.length === 0 ? assembly.promptBlocks : [...base, ...assembly.promptBlocks];
    },
  };
}
