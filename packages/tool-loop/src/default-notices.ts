import { describeCause } from './describe-cause';
import { HookRunError } from './hook-run-error';
import { ModelCallError } from './model-call-error';
import { PersistenceError } from './persistence-error';
import type { ToolLoopError } from './tool-loop-error';
import type { ToolLoopNotices } from './tool-loop-notices';
import { ToolServiceError } from './tool-service-error';

const maxReasonLength = 120;

/** The failure's own words, shortened to fit one sentence. */
function reasonOf(failure: ToolLoopError): string {
  const reason = describeCause(failure.cause ?? failure.message)
    .trim()
    .replace(/[.。!！]+$/u, '');
  return reason.length <= maxReasonLength ? reason : `${reason.slice(0, maxReasonLength - 1)}…`;
}

function sentenceOf(failure: ToolLoopError): string {
  const reason = reasonOf(failure);
  if (ModelCallError.isInstance(failure)) return `模型调用失败：${reason}`;
  if (ToolServiceError.isInstance(failure)) {
    return failure.toolName === undefined
      ? `工具服务出错：${reason}`
      : `工具 ${failure.toolName} 调用失败：${reason}`;
  }
  if (PersistenceError.isInstance(failure)) {
    return failure.access === 'read' ? `读取对话记录失败：${reason}` : `保存对话记录失败：${reason}`;
  }
  if (HookRunError.isInstance(failure)) return `钩子 ${failure.hookName} 运行失败：${reason}`;
  return `处理这条消息时出错：${reason}`;
}

/**
 * The notices the loop sends by default ([OUT-2]): `[系统] …` when no model could be resolved,
 * `[错误] <what failed>：<its own reason>。` for a failure that ends the turn.
 */
export const DEFAULT_NOTICES: ToolLoopNotices = Object.freeze({
  modelUnavailable: '[系统] 没有可用的模型，这条消息无法回复。',
  failure: (failure: ToolLoopError) => `[错误] ${sentenceOf(failure)}。`,
});
