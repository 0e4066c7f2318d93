import type { AgentService, BoundAgent } from '@aalis/api-agent';
import { describe, expectTypeOf, test } from 'vitest';
import { type CaseContext, defineCase } from './cases/index';
import type { AgentFactory, Capabilities, ConformanceReport, Harness, RequirementStatus } from './index';
import type { ModelStep, ScriptedModel } from './testing/index';
import { createScriptedModel } from './testing/index';

describe('public types', () => {
  test('a capability declaration needs every key as a boolean', () => {
    // @ts-expect-error: 'OUT-3' and the others are missing
    const partial: Capabilities = { preprocessors: true };
    expectTypeOf<Capabilities['SVC-3']>().toEqualTypeOf<boolean>();
    void partial;
  });

  test('a factory takes the harness and returns a service or a bound agent, maybe later', () => {
    expectTypeOf<(harness: Harness) => AgentService>().toExtend<AgentFactory>();
    expectTypeOf<(harness: Harness) => Promise<BoundAgent>>().toExtend<AgentFactory>();
  });

  test('case code sees typed hook payloads and events', () => {
    defineCase({
      requirements: ['HK-2'],
      name: 'typed',
      run: async (context) => {
        expectTypeOf(context).toEqualTypeOf<CaseContext>();
        context.harness.hooks.middleware('agent:turn:before', async (payload, next) => {
          expectTypeOf(payload.turnId).toEqualTypeOf<string>();
          await next();
        });
        expectTypeOf(context.harness.events.of('token:usage')[0]!.payload.used).toEqualTypeOf<number>();
      },
    });
  });

  test('report statuses are the six documented ones', () => {
    expectTypeOf<RequirementStatus>().toEqualTypeOf<
      'satisfied' | 'violated' | 'waived' | 'not-applicable' | 'untested' | 'not-run'
    >();
    expectTypeOf<ConformanceReport['verdict']>().toEqualTypeOf<'pass' | 'fail'>();
    expectTypeOf<ConformanceReport['only']>().toEqualTypeOf<readonly string[] | undefined>();
  });

  test('the scripted model of ./testing needs no options and takes its steps up front', () => {
    expectTypeOf(createScriptedModel).toBeCallableWith();
    expectTypeOf(createScriptedModel).toBeCallableWith({ steps: [{ text: 'hi' }] });
    expectTypeOf(createScriptedModel()).toEqualTypeOf<ScriptedModel>();
    expectTypeOf<ModelStep['text']>().toEqualTypeOf<string | undefined>();
  });
});
