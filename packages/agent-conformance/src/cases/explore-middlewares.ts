import { createGate } from '../harness/gate';
import type { PreprocessObservation } from './explore-observations';
import { inputContent } from './explore-program';
import type { RunState } from './explore-state';

/**
 * The middlewares of another plugin the program's hook plan asks for, in its session only:
 * they block its turns at `agent:turn:before` and drop its inputs at `agent:input:before` by
 * not calling `next`. Returns their disposers.
 */
export function addMiddlewares(state: RunState): (() => void)[] {
  const h = state.context.harness;
  const { program } = state;
  const dropped = new Set(program.hooks.dropInputs.map((index) => inputContent(program, index)));
  let turnsSeen = 0;
  return [
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      const { message } = payload;
      if (message.sessionId === program.sessionId && dropped.has(message.content)) return;
      await next();
    }),
    h.hooks.middleware('agent:turn:before', async (payload, next) => {
      if (payload.sessionId !== program.sessionId) return next();
      turnsSeen += 1;
      if (program.hooks.blockTurns.includes(turnsSeen)) return;
      await next();
    }),
  ];
}

/**
 * The `agent:reply:before` middleware of another plugin the program's reply plan asks for, in its
 * session only: it lets a reply go, asks for a format retry while the agent offers one, or holds
 * the reply until the program lets it go. Returns its disposer.
 */
export function addReplyMiddleware(state: RunState): () => void {
  const h = state.context.harness;
  const { program } = state;
  const exhausting = new Set<string>();
  return h.hooks.middleware('agent:reply:before', async (payload, next) => {
    if (payload.sessionId !== program.sessionId) return next();
    const plan = program.replies[state.replies.length] ?? 'pass';
    // A turn whose run said `exhaust` asks for a retry at every later attempt too.
    if (plan === 'exhaust') exhausting.add(payload.turnId);
    const asks = plan === 'retry' || plan === 'held-retry' || exhausting.has(payload.turnId);
    const retried = asks && payload.attempt < payload.maxRetries;
    if (retried) payload.retry = { feedback: `program ${program.seed} wants another format` };
    const { content, attempt, maxRetries, turnId } = payload;
    state.replies.push({ seq: h.tick(), plan, content, attempt, maxRetries, turnId, retried });
    if ((plan === 'held' || plan === 'held-retry') && !state.closing) {
      const gate = createGate();
      state.held.push({ gate, started: () => true });
      await gate.opened;
    }
    await next();
  });
}

/** The content a rewriting preprocessor gives the input with `content`. */
export function rewritten(content: string): string {
  return `${content} (rewritten)`;
}

/**
 * Registers the preprocessor the program's plan asks for, in its session only: it lets each
 * input through, rewrites it, drops it or holds it before `next()`, and records when `next()`
 * returned ([PRE-1]). Returns its disposer.
 */
export function addPreprocessor(state: RunState): () => void {
  const h = state.context.harness;
  const { program } = state;
  return state.context.agent.registerPreprocessor(`explored-${program.seed}`, async (message, next) => {
    const index = program.preprocess.findIndex((_, at) => message.content === inputContent(program, at + 1));
    if (message.sessionId !== program.sessionId || index < 0) return next();
    const plan = program.preprocess[index] ?? 'pass';
    const observation: PreprocessObservation = {
      index: index + 1,
      content: message.content,
      plan,
      seq: h.tick(),
      returned: undefined,
    };
    state.preprocessed.push(observation);
    if (plan === 'drop') return;
    if (plan === 'rewrite') message.content = rewritten(message.content);
    if (plan === 'held' && !state.closing) {
      const gate = createGate();
      state.held.push({ gate, started: () => true });
      await gate.opened;
    }
    await next();
    observation.returned = h.tick();
  });
}
