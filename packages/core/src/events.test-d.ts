import { describe, expectTypeOf, it } from 'vitest';
import { type Contribution, contributions, createApp, type EventName, events } from './index';

declare module './index' {
  interface EventMap {
    'typed:queue': { sessionId: string; waiting: readonly string[] };
  }
}

declare module './index' {
  interface ContributionPointMap {
    'typed:prompt': { build: () => string };
  }
}

describe('extension map types', () => {
  const app = createApp();

  it('types event payloads from EventMap, extended by declaration merging', () => {
    const bus = app.service(events).use;
    bus.on('typed:queue', (payload) => {
      expectTypeOf(payload.waiting).toEqualTypeOf<readonly string[]>();
    });
    void bus.emit('typed:queue', { sessionId: 's', waiting: [] });
    // @ts-expect-error wrong payload
    void bus.emit('typed:queue', { sessionId: 1 });
    // @ts-expect-error unknown event
    bus.on('typed:unknown', () => undefined);
    expectTypeOf<'typed:queue'>().toExtend<EventName>();
  });

  it('types contribution specs from ContributionPointMap', () => {
    const points = app.service(contributions).use;
    points.contribute('typed:prompt', { build: () => 'text' });
    // @ts-expect-error the spec does not match the point
    points.contribute('typed:prompt', { build: 'text' });
    expectTypeOf(points.list('typed:prompt')).toEqualTypeOf<readonly Contribution<'typed:prompt'>[]>();
  });
});
