import type { ModelStep } from './model-step';
import { quote } from './quote';

function answer(step: ModelStep): string {
  if (step.throws !== undefined) {
    return `throws ${quote(typeof step.throws === 'string' ? step.throws : step.throws.message)}`;
  }
  const tools = (step.toolCalls ?? []).map((call) => call.name);
  if (tools.length > 0) return `asks for the tool(s) ${tools.join(', ')}`;
  return step.text === undefined || step.text === '' ? 'answers with no text' : `replies ${quote(step.text)}`;
}

function waits(step: ModelStep): string | undefined {
  if (step.untilAborted === true) return 'waits until its signal aborts';
  if (step.waitFor !== undefined && !step.waitFor.isOpen) return 'waits for a gate the case opens later';
  if (step.delayMs !== undefined) return `waits ${step.delayMs} ms`;
  return undefined;
}

function hold(step: ModelStep): string | undefined {
  if (step.ignoresAbort !== true) return waits(step);
  if (step.untilAborted === true) return 'never answers (it ignores its signal)';
  const waiting = waits(step);
  return waiting === undefined ? undefined : `${waiting}, ignoring its signal`;
}

/**
 * A scripted model step in words, for the messages of the kit: `waits for a gate the case
 * opens later, then replies "hello"`.
 */
export function describeModelStep(step: ModelStep): string {
  const waiting = hold(step);
  const matching = step.match === undefined ? '' : ' (only for a request it matches)';
  if (step.untilAborted === true) return `${waiting}${matching}`;
  return `${waiting === undefined ? '' : `${waiting}, then `}${answer(step)}${matching}`;
}
