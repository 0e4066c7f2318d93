import type { AgentReplyBeforePayload } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import { appendToConversation } from './append-to-conversation';
import type { FinalReply } from './final-reply';
import { modelStep } from './model-step';
import { persistWrite } from './persist';
import { replyRecord } from './reply-record';
import { runHook } from './run-hook';
import type { TurnRun } from './turn-run';

/**
 * Runs `agent:reply:before` over the model's answer ([HK-7]). A middleware that sets `retry`
 * gets a format retry while `attempt < maxRetries`: the dropped version is persisted as not
 * sent ([ARC-5]) and the model is called again, without tools, with the feedback. After the
 * last failed retry the reply is emptied rather than sent wrong. Resolves with `undefined`
 * for an empty reply (a middleware that does not call `next` empties it too).
 */
export async function finalizeReply(run: TurnRun, answer: string): Promise<FinalReply | undefined> {
  let content = answer;
  for (let attempt = 0; ; attempt += 1) {
    const payload = await runReplyHook(run, content, attempt);
    if (payload === undefined) return undefined;
    if (payload.retry === undefined) return payload.content.trim() === '' ? undefined : replyOf(payload);
    await dropVersion(run, payload);
    if (attempt >= run.limits.maxFormatRetries) return undefined;
    const feedback: ChatMessage = { role: 'user', content: String(payload.retry.feedback) };
    appendToConversation(run, [feedback], { protect: true, countAsHistory: false });
    const step = await modelStep(run, { offerTools: false, extra: [] });
    if (step === undefined) return undefined;
    content = step.response.content;
  }
}

async function runReplyHook(
  run: TurnRun,
  content: string,
  attempt: number,
): Promise<AgentReplyBeforePayload | undefined> {
  const payload: AgentReplyBeforePayload = {
    content,
    sessionId: run.turn.sessionId,
    turnId: run.turn.turnId,
    attempt,
    maxRetries: run.limits.maxFormatRetries,
  };
  const outcome = await runHook(run, 'agent:reply:before', payload);
  return outcome.blocked ? undefined : payload;
}

function replyOf(payload: AgentReplyBeforePayload): FinalReply {
  return {
    content: payload.content,
    ...(payload.archiveContent === undefined ? {} : { archiveContent: payload.archiveContent }),
    ...(payload.visibleContent === undefined ? {} : { visibleContent: payload.visibleContent }),
  };
}

/** Persists a version a format retry dropped, as not sent, and keeps it in the conversation. */
async function dropVersion(run: TurnRun, payload: AgentReplyBeforePayload): Promise<void> {
  const dropped = replyOf(payload);
  await persistWrite(run, 'persistReply', () =>
    run.persistence.persistReply(replyRecord(run, dropped, false)),
  );
  const message: ChatMessage = { role: 'assistant', content: dropped.archiveContent ?? dropped.content };
  appendToConversation(run, [message], { protect: true, countAsHistory: true });
}
