import type { ChatMessage } from '@aalis/api-llm';
import { type ModelStep, modelStep } from './model-step';
import { runToolCalls } from './run-tool-calls';
import type { TurnRun } from './turn-run';

/** The instruction of the last call when the tool iterations are used up. */
const toolLimitNote =
  'The tool-call limit of this turn is reached. Answer now from what you have, without calling tools.';

/**
 * The tool loop: calls the model and runs the tools it asks for until it answers without
 * tool calls. Once `maxToolIterations` responses had their tools run, one last call is made
 * without tools and with a note asking for an answer, so the turn still ends with a reply
 * (tool calls in a response to a call without tools are ignored). Resolves with the
 * answering step, or `undefined` when `agent:llm:before` blocked a call.
 */
export async function converse(run: TurnRun): Promise<ModelStep | undefined> {
  const limit = run.session.settings.maxToolIterations;
  for (;;) {
    const offerTools = run.offeredTools.length > 0 && run.state.counts.toolIterations < limit;
    const extra: ChatMessage[] =
      !offerTools && run.state.counts.toolIterations > 0 ? [{ role: 'system', content: toolLimitNote }] : [];
    const step = await modelStep(run, { offerTools, extra });
    if (step === undefined || step.tools.length === 0 || step.response.toolCalls.length === 0) return step;
    await runToolCalls(run, step.response, step.tools);
    run.state.counts.toolIterations += 1;
  }
}
