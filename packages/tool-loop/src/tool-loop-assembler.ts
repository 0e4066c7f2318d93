import type { PromptBlock, PromptContributionView } from '@aalis/api-agent';

/**
 * What the loop needs of the prompt assembler: the blocks that go before the conversation,
 * built for one model call from the view ([PRM-1], [PRM-2]), each with its tokens counted
 * with the loop's token counter (a block without a usable figure is counted by the loop). Called before every model
 * call, before `agent:llm:before`.
 */
export interface ToolLoopAssembler {
  assemble(view: PromptContributionView): Promise<readonly PromptBlock[]> | readonly PromptBlock[];
}
