import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assert } from '../assert';
import type { Harness } from '../harness/harness';
import type { ProgramRun } from './explore-observations';
import type { TurnWindow } from './explore-windows';
import { spans } from './explore-windows';
import { modelNames, storedReplies } from './scenario';

/**
 * Checks of an explored program that assigns the session models while it moves: every
 * `assignModel` resolved with the model written ([SET-1]); every model call's `agent:llm:before`
 * carried the vision of the model the call went to ([HK-3]); every final reply records a model
 * its turn called ([ARC-3]). Not public API.
 */
export function checkSettings(
  harness: Harness,
  run: ProgramRun,
  windows: readonly TurnWindow[],
  where: string,
): void {
  if (!run.program.ops.some((op) => op.kind === 'assign')) return;
  checkAssigns(harness, run, where);
  windows.forEach((window, index) => {
    if (window.blocked) return;
    const which = `turn ${index + 1} (${where})`;
    checkAcceptsImages(harness, window, which);
    checkReplyModel(harness, window, which);
  });
}

function checkAssigns(harness: Harness, run: ProgramRun, where: string): void {
  run.assigns.forEach((call, index) => {
    const which = `assignModel ${index + 1} (of ${call.model}, at ${call.seq})`;
    assert.that('SET-1', call.error === undefined, {
      rule: "assignModel must write the model into the session's settings, whatever the session is doing",
      observed: `${which} threw: ${String(call.error)} (${where})`,
    });
    const settled = call.settled ?? Number.POSITIVE_INFINITY;
    const written = harness.sessions.settingsWrites.some(
      (write) =>
        write.sessionId === run.program.sessionId &&
        write.outcome === 'written' &&
        write.patch.model === call.model &&
        write.seq > call.seq &&
        write.seq < settled,
    );
    assert.that('SET-1', written, {
      rule: "assignModel must have written the model into the session's settings once it resolves",
      observed: `${which} resolved at ${settled} with no write of that model before (${where})`,
    });
  });
}

/** Each model call's `agent:llm:before` (the last before it) describes the model it went to ([HK-3]). */
function checkAcceptsImages(harness: Harness, window: TurnWindow, which: string): void {
  const within = (seq: number) => spans(window, seq);
  const hooked = harness.hooks
    .of('agent:llm:before')
    .filter((hook) => hook.payload.sessionId === window.turn.sessionId && within(hook.seq));
  for (const call of harness.model.requests.filter((request) => within(request.seq))) {
    const hook = hooked.filter((candidate) => candidate.seq < call.seq).at(-1);
    const vision = harness.model.capabilitiesOf(call.modelRef)?.vision === true;
    assert.that('HK-3', hook === undefined || hook.payload.acceptsImages === vision, {
      rule: 'acceptsImages of agent:llm:before must be the registered vision capability of the model the call goes to',
      observed: `in ${which} a call went to ${call.modelRef} (vision ${vision}) after agent:llm:before said acceptsImages ${String(hook?.payload.acceptsImages)}`,
    });
  }
  // A tool call's context carries the acceptsImages of the model call that asked for it.
  for (const tool of harness.tools.calls.filter((call) => within(call.seq))) {
    const asked = harness.model.requests.filter((request) => request.seq < tool.seq).at(-1);
    const hook = hooked.filter((candidate) => candidate.seq < (asked?.seq ?? tool.seq)).at(-1);
    assert.that('HK-3', hook === undefined || tool.context.acceptsImages === hook.payload.acceptsImages, {
      rule: 'acceptsImages of the ToolCallContext must equal that of the agent:llm:before of the call that asked for the tool',
      observed: `in ${which} a tool call's context said acceptsImages ${String(tool.context.acceptsImages)}, its model call's agent:llm:before ${String(hook?.payload.acceptsImages)}`,
    });
  }
}

/** The final reply records a model its turn called ([ARC-3]). */
function checkReplyModel(harness: Harness, window: TurnWindow, which: string): void {
  if (window.turn.after?.outcome !== 'replied') return;
  const within = (seq: number) => spans(window, seq);
  const called = new Set<unknown>();
  for (const call of harness.model.requests.filter((request) => within(request.seq)))
    for (const name of modelNames(call.modelRef)) called.add(name);
  const replies = storedReplies(harness, window.turn.sessionId).filter(
    (message) => message.metadata[Keys.TurnId] === window.turn.turnId,
  );
  checkReplyTokens(harness, replies.at(-1)?.metadata[Keys.Tokens], within, which);
  const recorded = replies.at(-1)?.metadata[Keys.Model];
  assert.that('ARC-3', recorded === undefined || called.has(recorded), {
    rule: "the final reply must record the turn's model: one its calls went to, not one assigned while it ran",
    observed: `${which} recorded the model ${String(recorded)} on its reply; it called ${[...called].filter((ref) => String(ref).includes('/')).join(', ')}`,
  });
}

/** The final reply's tokens sum the figures the turn's answered calls reported ([ARC-3]). */
function checkReplyTokens(
  harness: Harness,
  tokens: unknown,
  within: (seq: number) => boolean,
  which: string,
): void {
  if (tokens === undefined) return;
  const answered = harness.model.requests.filter((call) => within(call.seq) && call.state === 'resolved');
  const prompt = answered.reduce((sum, call) => sum + (call.response?.usage?.promptTokens ?? 0), 0);
  const recorded = (tokens ?? {}) as { readonly promptTokens?: unknown };
  assert.that('ARC-3', recorded.promptTokens === prompt, {
    rule: "the final reply must record the turn's token usage, summed over its model calls",
    observed: `${which} recorded ${JSON.stringify(tokens)}; its ${answered.length} answered call(s) reported ${prompt} prompt tokens`,
  });
}
