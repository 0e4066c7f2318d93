import type { PromptContributionView } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import type { PromptBlock } from './prompt-block';
import { TurnAbortedError } from './turn-aborted-error';
import type { TurnRun } from './turn-run';
import { untilAborted } from './until-aborted';

/**
 * Builds the prompt blocks of one model call through the assembler ([PRM-1], [PRM-2]). An
 * assembler that throws is reported and the call goes on without blocks (a broken
 * contribution degrades the prompt, it does not end the turn).
 */
export async function assemblePrompt(
  run: TurnRun,
  conversation: readonly ChatMessage[],
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
    messages: Object.freeze([...conversation]),
  };
  try {
    const blocks = await untilAborted(
      Promise.resolve().then(() => assembler.assemble(view)),
      run.signal,
    );
    if (!Array.isArray(blocks)) throw new TypeError('assemble() must resolve with an array of blocks');
    return blocks;
  } catch (error) {
    if (TurnAbortedError.isInstance(error)) throw error;
    run.onError(error);
    return [];
  }
}
