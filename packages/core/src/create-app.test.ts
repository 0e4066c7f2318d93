import { describe, expect, it } from 'vitest';
import { createGreeter, deferred, greeterService, plainGreeter, recordErrors } from '../test/fixtures';
import {
  AppStoppedError,
  createApp,
  definePlugin,
  lifecycle,
  optional,
  PluginApplyError,
  type PluginContext,
  PluginDisposeError,
  ProviderNameTakenError,
  ProviderNotFoundError,
} from './index';

const needsGreeter = definePlugin({
  name: '@test/needs-greeter',
  uses: { greeter: plainGreeter },
  apply({ greeter }, context) {
    context.onDispose(() => undefined);
    return () => {
      void greeter;
    };
  },
});

describe('plugin activation', () => {
  it('applies a plugin at once when its required services have providers, with handles and context', () => {
    const app = createApp(recordErrors());
    app.provide(plainGreeter, createGreeter('g').greeter);
    const seen: string[] = [];
    const plugin = definePlugin({
      name: '@test/greet',
      uses: { greeter: plainGreeter },
      apply({ greeter }, context: PluginContext<{ who: string }>) {
        seen.push(greeter.use.greet(context.config.who), context.owner.instanceId);
      },
    });
    const instance = app.plugin(plugin, { who: 'ann' });
    expect(seen).toEqual(['g: hello ann', '@test/greet#1']);
    expect(instance.state).toBe('active');
    expect(instance.id).toBe('@test/greet#1');
    expect(app.plugin(plugin, { who: 'bob' }).id).toBe('@test/greet#2');
  });

  it('keeps a plugin pending until every required service has a provider', () => {
    const app = createApp(recordErrors());
    const instance = app.plugin(needsGreeter);
    expect(instance.state).toBe('pending');
    app.provide(plainGreeter, createGreeter('g').greeter);
    expect(instance.state).toBe('active');
  });

  it('activates a plugin whose service is optional without waiting, and the handle reports availability', () => {
    const app = createApp(recordErrors());
    const availability: boolean[] = [];
    const plugin = definePlugin({
      name: '@test/optional',
      uses: { greeter: optional(plainGreeter) },
      apply({ greeter }) {
        availability.push(greeter.available());
      },
    });
    expect(app.plugin(plugin).state).toBe('active');
    expect(availability).toEqual([false]);
  });

  it('deactivates a plugin when a required service loses its last provider and re-applies it when one is back', async () => {
    const app = createApp(recordErrors());
    const applied: number[] = [];
    const cleaned: number[] = [];
    let activation = 0;
    const plugin = definePlugin({
      name: '@test/cycle',
      uses: { greeter: plainGreeter },
      apply(_services, context) {
        activation += 1;
        const current = activation;
        applied.push(current);
        context.onDispose(() => {
          cleaned.push(current);
        });
      },
    });
    const withdraw = app.provide(plainGreeter, createGreeter('g').greeter);
    const instance = app.plugin(plugin);
    withdraw();
    await app.settled();
    expect(instance.state).toBe('pending');
    expect(cleaned).toEqual([1]);
    app.provide(plainGreeter, createGreeter('h').greeter, { name: 'again' });
    expect(instance.state).toBe('active');
    expect(applied).toEqual([1, 2]);
  });

  it('keeps a plugin active when its provider switches', () => {
    const app = createApp(recordErrors());
    app.provide(plainGreeter, createGreeter('first').greeter, { name: 'first' });
    app.provide(plainGreeter, createGreeter('second').greeter, { name: 'second' });
    const instance = app.plugin(needsGreeter);
    app.select(plainGreeter, 'second');
    expect(instance.state).toBe('active');
  });

  it('activates a plugin that waits on a service another plugin provides, in the same call', () => {
    const app = createApp(recordErrors());
    const consumer = app.plugin(needsGreeter);
    const provider = definePlugin({
      name: '@test/provider',
      apply(_services, context) {
        context.provide(plainGreeter, createGreeter('from-plugin').greeter);
      },
    });
    app.plugin(provider);
    expect(consumer.state).toBe('active');
    expect(app.providers(plainGreeter)).toEqual({ names: ['@test/provider#1'], current: '@test/provider#1' });
  });

  it('cascades: disposing a provider plugin sends its dependants back to pending', async () => {
    const app = createApp(recordErrors());
    const provider = app.plugin(
      definePlugin({
        name: '@test/provider',
        apply(_services, context) {
          context.provide(plainGreeter, createGreeter('p').greeter);
        },
      }),
    );
    const consumer = app.plugin(needsGreeter);
    await provider.dispose();
    expect(provider.state).toBe('disposed');
    expect(consumer.state).toBe('pending');
  });
});

describe('plugin cleanup', () => {
  it('runs cleanups last in, first out, and dispose() waits for async ones', async () => {
    const app = createApp(recordErrors());
    const order: string[] = [];
    const slow = deferred();
    const plugin = definePlugin({
      name: '@test/cleanup',
      apply(_services, context) {
        context.onDispose(() => {
          order.push('first registered');
        });
        context.onDispose(async () => {
          await slow.promise;
          order.push('async settled');
        });
        return () => {
          order.push('returned by apply');
        };
      },
    });
    const instance = app.plugin(plugin);
    let disposed = false;
    const disposing = instance.dispose().then(() => {
      disposed = true;
    });
    expect(order).toEqual(['returned by apply', 'first registered']);
    await Promise.resolve();
    expect(disposed).toBe(false);
    slow.resolve();
    await disposing;
    expect(order).toEqual(['returned by apply', 'first registered', 'async settled']);
    expect(instance.dispose()).toBe(instance.dispose());
  });

  it('aborts the activation signal when the activation ends', async () => {
    const app = createApp(recordErrors());
    let signal: AbortSignal | undefined;
    const instance = app.plugin(
      definePlugin({
        name: '@test/signal',
        apply(_services, context) {
          signal = context.signal;
        },
      }),
    );
    expect(signal?.aborted).toBe(false);
    await instance.dispose();
    expect(signal?.aborted).toBe(true);
  });

  it('reports a failing cleanup as PluginDisposeError and runs the other cleanups', async () => {
    const { errors, onError } = recordErrors();
    const app = createApp({ onError });
    const ran: string[] = [];
    const instance = app.plugin(
      definePlugin({
        name: '@test/bad-cleanup',
        apply(_services, context) {
          context.onDispose(() => {
            ran.push('kept going');
          });
          context.onDispose(() => {
            throw new Error('cleanup broke');
          });
          context.onDispose(() => Promise.reject(new Error('async cleanup broke')));
        },
      }),
    );
    await instance.dispose();
    expect(ran).toEqual(['kept going']);
    expect(errors.map((error) => PluginDisposeError.isInstance(error))).toEqual([true, true]);
    expect(errors[0]).toMatchObject({ instanceId: '@test/bad-cleanup#1' });
  });
});

describe('plugin failure', () => {
  it('marks an instance failed when apply throws, withdraws what it registered and reports it', async () => {
    const { errors, onError } = recordErrors();
    const app = createApp({ onError });
    const provider = createGreeter('g');
    app.provide(greeterService, provider.greeter);
    const failure = new Error('apply broke');
    const instance = app.plugin(
      definePlugin({
        name: '@test/broken',
        uses: { greeter: greeterService },
        apply({ greeter }) {
          greeter.use.registerSuffix('half-done', '!');
          throw failure;
        },
      }),
    );
    await app.settled();
    expect(instance.state).toBe('failed');
    expect(PluginApplyError.isInstance(instance.error)).toBe(true);
    expect((instance.error as PluginApplyError).cause).toBe(failure);
    expect(errors).toEqual([instance.error]);
    expect(provider.suffixes.size).toBe(0);
  });

  it('marks an instance failed when an async apply rejects, and keeps it activating until then', async () => {
    const { errors, onError } = recordErrors();
    const app = createApp({ onError });
    const gate = deferred();
    const instance = app.plugin(
      definePlugin({
        name: '@test/async-broken',
        async apply() {
          await gate.promise;
          throw new Error('late failure');
        },
      }),
    );
    expect(instance.state).toBe('activating');
    gate.resolve();
    await app.settled();
    expect(instance.state).toBe('failed');
    expect(errors).toHaveLength(1);
  });

  it('runs the cleanup an async apply returns at once when the instance was disposed meanwhile', async () => {
    const app = createApp(recordErrors());
    const gate = deferred();
    const cleaned: string[] = [];
    const instance = app.plugin(
      definePlugin({
        name: '@test/async',
        async apply() {
          await gate.promise;
          return () => {
            cleaned.push('late cleanup');
          };
        },
      }),
    );
    await instance.dispose();
    gate.resolve();
    await app.settled();
    expect(instance.state).toBe('disposed');
    expect(cleaned).toEqual(['late cleanup']);
  });
});

describe('providers', () => {
  it('makes the first provider current, prefers a selected one, and falls back when it leaves', () => {
    const app = createApp(recordErrors());
    app.provide(plainGreeter, createGreeter('a').greeter, { name: 'a' });
    const withdrawB = app.provide(plainGreeter, createGreeter('b').greeter, { name: 'b' });
    expect(app.providers(plainGreeter)).toEqual({ names: ['a', 'b'], current: 'a' });
    app.select(plainGreeter, 'b');
    expect(app.providers(plainGreeter).current).toBe('b');
    withdrawB();
    expect(app.providers(plainGreeter)).toEqual({ names: ['a'], current: 'a' });
    app.provide(plainGreeter, createGreeter('b').greeter, { name: 'b' });
    expect(app.providers(plainGreeter).current).toBe('b');
  });

  it('throws ProviderNameTakenError for a second provider of the same name', () => {
    const app = createApp(recordErrors());
    app.provide(plainGreeter, createGreeter('a').greeter);
    expect(() => app.provide(plainGreeter, createGreeter('b').greeter)).toThrow(ProviderNameTakenError);
  });

  it('throws ProviderNotFoundError when selecting an unknown provider', () => {
    const app = createApp(recordErrors());
    expect(() => app.select(plainGreeter, 'nobody')).toThrow(ProviderNotFoundError);
  });

  it('provides events, contributions and lifecycle out of the box', () => {
    const app = createApp(recordErrors());
    expect(app.providers(lifecycle)).toEqual({ names: ['core'], current: 'core' });
  });
});

describe('stop', () => {
  it('drains before disposing plugins, last loaded first, then refuses new plugins and providers', async () => {
    const app = createApp(recordErrors());
    const order: string[] = [];
    const make = (name: string) =>
      definePlugin({
        name,
        uses: { lifecycle },
        apply({ lifecycle: life }, context) {
          life.use.onDrain(() => {
            order.push(`drain ${name}`);
          });
          context.onDispose(() => {
            order.push(`dispose ${name}`);
          });
        },
      });
    const first = app.plugin(make('first'));
    app.plugin(make('second'));
    await app.stop();
    expect(order).toEqual(['drain first', 'drain second', 'dispose second', 'dispose first']);
    expect(first.state).toBe('disposed');
    expect(() => app.plugin(make('third'))).toThrow(AppStoppedError);
    expect(() => app.provide(plainGreeter, createGreeter('late').greeter)).toThrow(AppStoppedError);
    expect(app.stop()).toBe(app.stop());
  });

  it('rejects a plugin that is not made by definePlugin with a TypeError', () => {
    const app = createApp(recordErrors());
    const loose = app as unknown as { plugin: (value: unknown) => unknown };
    expect(() => loose.plugin({ name: 'fake', apply: () => undefined })).toThrow(TypeError);
  });
});

describe('definePlugin', () => {
  it('rejects an empty name, a missing apply and a uses entry that is not a descriptor', () => {
    const loose = definePlugin as unknown as (definition: unknown) => unknown;
    expect(() => loose({ name: '', apply: () => undefined })).toThrow(TypeError);
    expect(() => loose({ name: 'x' })).toThrow(TypeError);
    expect(() => loose({ name: 'x', uses: { bad: {} }, apply: () => undefined })).toThrow(TypeError);
  });
});
