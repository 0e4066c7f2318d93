import type { PromptContributionView } from '@aalis/api-agent';
import type { PromptBlock } from './prompt-block';

/**
 * What the loop needs of the prompt assembler: the blocks that go before the conversation,
 * built for one model call from the view ([PRM-1], [PRM-2]). Called before every model
 * call, before `agent:llm:before`.
 */
export interface ToolLoopAssembler {
  assemble(view: PromptContributionView): Promise<readonly PromptBlock[]> | readonly PromptBlock[];
}
