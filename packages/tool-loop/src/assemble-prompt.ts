import type { PromptBlock, PromptContributionView } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import { TurnAbortedError } from './turn-aborted-error';
import type { TurnRun } from './turn-run';
import { untilAborted } from './until-aborted';

/**
 * Builds the prompt blocks of one model call through the assembler ([PRM-1], [PRM-2]); the
 * view's messages are the turn's conversation followed by `extra`. An assembler that throws is
 * reported and the call goes on without blocks (a broken contribution degrades the prompt, it
 * does not end the turn). A block without a usable token figure is counted here.
 */
export async function assemblePrompt(
  run: TurnRun,
  extra: readonly ChatMessage[],
): Promise<readonly PromptBlock[]> {
  const assembler = run.assembler;
  if (assembler === undefined) return [];
  const view: PromptContributionView = {
    sessionId: run.turn.sessionId,
    platform: run.platform,
    turnId: run.turn.turnId,
    inputs: run.turn.inputs,
    signal: run.signal,
    dryRun: false,
    messages: Object.freeze([...run.state.conversation.messages, ...extra]),
  };
  try {
    const blocks = await untilAborted(
      Promise.resolve().then(() => assembler.assemble(view)),
      run.abortRace,
    );
    if (!Array.isArray(blocks)) throw new TypeError('assemble() must resolve with an array of blocks');
    return blocks.map((block: PromptBlock) => withTokens(run, block));
  } catch (error) {
    if (TurnAbortedError.isInstance(error)) throw error;
    run.onError(error);
    return [];
  }
}

function withTokens(run: TurnRun, block: PromptBlock): PromptBlock {
  const { tokens } = block;
  if (Number.isSafeInteger(tokens) && tokens >= 0) return block;
  return { ...block, tokens: run.counter.countMessage(block.message) };
}
