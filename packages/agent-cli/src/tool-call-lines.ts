import { oneLine } from './one-line';
import type { TextStyles } from './terminal-output';

/** The `⚙` line of a tool call: name, arguments on one line, call id. */
export function toolCallLine(
  style: TextStyles,
  call: { readonly name: string; readonly argumentsText: string; readonly callId: string },
): string {
  const args = call.argumentsText === '' ? '' : ` ${oneLine(call.argumentsText, 60)}`;
  return `  ${style.cyan('⚙')} ${call.name}${args} ${style.dim(`[${call.callId}]`)}`;
}

/** The `↳` line of a tool result: call id and result on one line, red for a failure, green otherwise. */
export function toolResultLine(
  style: TextStyles,
  result: { readonly callId: string; readonly content: string; readonly isError: boolean },
): string {
  const text = `  ↳ [${result.callId}] ${oneLine(result.content, 80)}`;
  return result.isError ? style.red(text) : style.green(text);
}
