import type { StopMarkerLanguage } from './stop-marker-text';

/**
 * What recovery writes for a turn cut by a process crash ([DUR-1]), worded for the next
 * turn's model.
 */
export interface CutTurnText {
  /** The content of the cut turn's stop marker ([ARC-9]). */
  readonly stopMarker: string;
  /** The content of the error result given to each tool call of the turn that has none. */
  readonly unfinishedToolCall: string;
}

/**
 * The built-in wording of a closed cut turn ([DUR-1]):
 *
 * - `zh`: stop marker `[系统] 上一轮回复因进程结束而中断，未完成。`, tool result
 *   `[错误] 这次工具调用没有完成：进程结束了。`
 * - `en`: stop marker `[System] The previous reply was stopped before it finished: the process
 *   ended.`, tool result `Error: the tool call did not finish: the process ended.`
 */
export function cutTurnText(language: StopMarkerLanguage = 'zh'): CutTurnText {
  if (language === 'en') {
    return {
      stopMarker: '[System] The previous reply was stopped before it finished: the process ended.',
      unfinishedToolCall: 'Error: the tool call did not finish: the process ended.',
    };
  }
  return {
    stopMarker: '[系统] 上一轮回复因进程结束而中断，未完成。',
    unfinishedToolCall: '[错误] 这次工具调用没有完成：进程结束了。',
  };
}
