import { defineCase } from '../define-case';
import type { Harness } from '../harness/harness';
import { sendHuman, session } from './scenario';

/**
 * [HK-5] [ARC-2] [TID-3] A model may ask for the very same call twice in one response (same tool,
 * same arguments, two call ids): each is a tool call of its own, with its own
 * `agent:tool:before`, call id and result — one case per rule, so that an agent that runs a
 * repeat once is reported violating each. The near miss runs a repeat once, as if a tool were
 * never safe to run twice, and leaves the second call without hook, call id or result.
 */
export function repeatedCallCase(
  requirement: 'HK-5' | 'ARC-2' | 'TID-3',
  what: string,
  check: (h: Harness) => void,
) {
  return defineCase({
    requirements: [requirement],
    name: `two identical tool calls in one response: each ${what}`,
    run: async (context) => {
      const h = context.harness;
      session(h, 's1');
      h.tools.define({ name: 'roll_die', steps: [{ result: 'rolled 4' }, { result: 'rolled 6' }] });
      h.model.script([
        {
          toolCalls: [
            { name: 'roll_die', id: 'call-1', arguments: { sides: 6 } },
            { name: 'roll_die', id: 'call-2', arguments: { sides: 6 } },
          ],
        },
        { text: 'a 4 and a 6' },
      ]);
      await sendHuman(context, 's1', 'roll two dice').done;
      check(h);
    },
  });
}
