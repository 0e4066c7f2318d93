import type { AgentPromptContribution } from '@aalis/api-agent';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assemblerApp, deferred, promptPlugin } from '../test/fixtures';

type Ending = 'text' | 'nothing' | 'reject' | 'throw';

interface Planned {
  readonly volatile: boolean;
  readonly order: number | undefined;
  readonly ending: Ending;
}

const planned = fc.record({
  volatile: fc.boolean(),
  order: fc.option(fc.integer({ min: -2, max: 2 }), { nil: undefined }),
  ending: fc.constantFrom<Ending>('text', 'text', 'text', 'nothing', 'reject', 'throw'),
});

/** The contributions of `plans`, each settled by the test through `settle(index)`. */
function plannedSpecs(plans: readonly Planned[]) {
  const builds = plans.map(() => deferred<string | undefined>());
  const specs = plans.map(
    (plan, index): AgentPromptContribution => ({
      localId: `c${index}`,
      bucket: 'systemOther',
      label: `c${index}`,
      volatile: plan.volatile,
      ...(plan.order === undefined ? {} : { order: plan.order }),
      build: () => {
        if (plan.ending === 'throw') throw new Error(`c${index} broke`);
        return builds[index]!.promise;
      },
    }),
  );
  const settle = (index: number) => {
    const plan = plans[index]!;
    if (plan.ending === 'text') builds[index]?.resolve(`text of c${index}`);
    else if (plan.ending === 'nothing') builds[index]?.resolve(undefined);
    else if (plan.ending === 'reject') builds[index]?.reject(new Error(`c${index} rejected`));
  };
  return { specs, settle };
}

/** The block order the contract asks for: stable first, then volatile; by order; by registration. */
function expectedOrder(plans: readonly Planned[]): string[] {
  return plans
    .map((plan, index) => ({ plan, index }))
    .filter(({ plan }) => plan.ending === 'text')
    .sort(
      (left, right) =>
        Number(left.plan.volatile) - Number(right.plan.volatile) ||
        (left.plan.order ?? 0) - (right.plan.order ?? 0) ||
        left.index - right.index,
    )
    .map(({ index }) => `c${index}`);
}

const scenario = fc
  .array(planned, { minLength: 1, maxLength: 8 })
  .chain((plans) =>
    fc.tuple(fc.constant(plans), fc.shuffledSubarray([...plans.keys()], { minLength: plans.length })),
  );

describe('block order under any completion order', () => {
  it('[PRM-1] places blocks by volatility, order and registration, never by which build finished first', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ([plans, settleOrder]) => {
        const { app, assembler } = assemblerApp();
        const { specs, settle } = plannedSpecs(plans);
        app.plugin(promptPlugin('@acme/plugin-p', specs));
        const call = assembler.assemble({ sessionId: 's1' });
        for (const index of settleOrder) {
          settle(index);
          await Promise.resolve();
        }
        const assembly = await call;
        expect(assembly.blocks.map((block) => block.localId)).toEqual(expectedOrder(plans));
        expect(assembly.messages.map((message) => message.content)).toEqual(
          expectedOrder(plans).map((localId) => `text of ${localId}`),
        );
        expect(assembly.failures.map((failure) => failure.key)).toEqual(
          plans.flatMap((plan, index) =>
            plan.ending === 'reject' || plan.ending === 'throw' ? [`@acme/plugin-p#1/c${index}`] : [],
          ),
        );
      }),
      { numRuns: 300 },
    );
  });
});
