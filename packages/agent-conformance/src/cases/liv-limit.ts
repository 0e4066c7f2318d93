import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { CROWD, LIVENESS_TIMEOUT_MS } from './liveness';
import { sendHuman, session } from './scenario';

/**
 * [LIV-4] The limit on turns running at once holds all along, not only when the crowd arrives:
 * when one running turn ends, at most one waiting turn takes its place. The near miss admits
 * the whole line once a place is freed.
 */
const limitHoldsAfterTurnEnds = defineCase({
  requirements: ['LIV-4'],
  name: 'when a turn under the limit on running turns ends, one waiting turn takes its place, not the whole line',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    const first = createGate();
    const rest = createGate();
    const ids = Array.from({ length: CROWD }, (_, index) => session(h, `crowd-${index}`));
    // Whichever turn calls the model first ends first; the others wait for the end of the case.
    h.model.script(ids.map((id, index) => ({ waitFor: index === 0 ? first : rest, text: `reply in ${id}` })));
    const inputs = ids.map((id) => sendHuman(context, id, `hello from ${id}`));
    await h.settle();
    const running = () => h.model.requests.filter((call) => call.state === 'open').length;
    const before = running();
    assert.that('LIV-4', before > 0 && before < CROWD, {
      rule: `turns running at once across sessions must be limited (below ${CROWD} here)`,
      observed: `${before} turns were running at once`,
    });
    first.open();
    await h.settle();
    const after = running();
    assert.that('LIV-4', after <= before, {
      rule: 'the limit on running turns must hold all along: when a running turn ends, at most one waiting turn takes its place',
      observed: `${before} turns ran at once before one of them ended, ${after} after`,
    });
    rest.open();
    await Promise.all(inputs.map((input) => input.done));
  },
});

/** The cases of the limit on running turns once turns end ([LIV-4]). */
export const LIV_LIMIT_CASES = [limitHoldsAfterTurnEnds];
