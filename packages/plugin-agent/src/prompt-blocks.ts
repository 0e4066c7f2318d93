import type { PromptContributionView } from '@aalis/api-agent';
import type { PromptAssembler } from '@aalis/prompt-assembler';
import type { PromptBlock, ToolLoopAssembler } from '@aalis/tool-loop';

/**
 * Joins the configured base system prompt (bucket `system`) and the `agent:prompt`
 * contributions materialised by the prompt assembler ([PRM-1]) into the blocks the tool
 * loop puts before the conversation, each contribution message tagged with its injector
 * for the usage breakdown ([PRM-3]).
 */
export function createPromptBlocks(options: {
  readonly systemPrompt: string | undefined;
  readonly assembler: PromptAssembler | undefined;
}): ToolLoopAssembler {
  const base: readonly PromptBlock[] =
    options.systemPrompt === undefined || options.systemPrompt.trim() === ''
      ? []
      : [{ message: { role: 'system', content: options.systemPrompt }, bucket: 'system' }];
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
      const contributed = assembly.blocks.flatMap((block) =>
        block.messages.map((message) => ({ message, bucket: block.bucket, injector: block.key })),
      );
      return [...base, ...contributed];
    },
  };
}
