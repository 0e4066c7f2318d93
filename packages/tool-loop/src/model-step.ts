import type { ChatResponse } from '@aalis/api-llm';
import type { ToolDefinition } from '@aalis/api-tools';
import { callModel } from './call-model';
import { type ModelCallPlan, prepareModelCall } from './prepare-model-call';
import type { TurnRun } from './turn-run';

/** A model response and the tools its call offered. */
export interface ModelStep {
  readonly response: ChatResponse;
  readonly tools: readonly ToolDefinition[];
}

/**
 * One model call with everything before and after it. Resolves with `undefined` when
 * `agent:llm:before` blocked the call.
 */
export async function modelStep(run: TurnRun, plan: ModelCallPlan): Promise<ModelStep | undefined> {
  const prepared = await prepareModelCall(run, plan);
  if (prepared === undefined) return undefined;
  return { response: await callModel(run, prepared), tools: prepared.tools };
}
