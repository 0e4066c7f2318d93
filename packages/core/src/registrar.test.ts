import { describe, expect, it } from 'vitest';
import { createGreeter, type Greeter, greeterService, recordErrors, suffixRegistrar } from '../test/fixtures';
import { createApp, definePlugin, defineService, RegistrationError } from './index';

describe('registrars', () => {
  it('[BND-1] replaces a registration of the same name, whoever made it', () => {
    const app = createApp(recordErrors());
    const provider = createGreeter('g');
    app.provide(greeterService, provider.greeter);
    const handle = app.service(greeterService);
    handle.use.registerSuffix('mark', '!');
    handle.use.registerSuffix('mark', '?');
    handle.use.registerSuffix('other', '.');
    expect(handle.use.greet('ann')).toBe('g: hello ann?.');
    expect(provider.attachLog).toEqual(['attach mark', 'detach mark', 'attach mark', 'attach other']);
  });

  it('[BND-1] leaves the replacing registration alone when the replaced one is withdrawn', () => {
    const app = createApp(recordErrors());
    const provider = createGreeter('g');
    app.provide(greeterService, provider.greeter);
    const handle = app.service(greeterService);
    const withdrawFirst = handle.use.registerSuffix('mark', '!');
    handle.use.registerSuffix('mark', '?');
    withdrawFirst();
    expect(handle.use.greet('ann')).toBe('g: hello ann?');
  });

  it('[BND-1] re-attaches every registration to the new provider when the provider switches', () => {
    const app = createApp(recordErrors());
    const first = createGreeter('first');
    const second = createGreeter('second');
    app.provide(greeterService, first.greeter, { name: 'first' });
    app.provide(greeterService, second.greeter, { name: 'second' });
    const handle = app.service(greeterService);
    handle.use.registerSuffix('a', '!');
    handle.use.registerSuffix('b', '?');
    app.select(greeterService, 'second');
    expect([...first.suffixes.keys()]).toEqual([]);
    expect([...second.suffixes.keys()]).toEqual(['a', 'b']);
    expect(handle.use.greet('ann')).toBe('second: hello ann!?');
  });

  it('[BND-1] withdraws the registrations of a plugin when it deactivates, and fills in its owner', async () => {
    const app = createApp(recordErrors());
    const provider = createGreeter('g');
    app.provide(greeterService, provider.greeter);
    const plugin = definePlugin({
      name: '@test/suffixer',
      uses: { greeter: greeterService },
      apply({ greeter }) {
        greeter.use.registerSuffix('mine', '!');
      },
    });
    const instance = app.plugin(plugin);
    expect([...provider.suffixes.values()]).toEqual(['!@@test/suffixer#1']);
    await instance.dispose();
    expect([...provider.suffixes.values()]).toEqual([]);
  });

  it('[BND-2] has no effect under a provider without support and takes effect once a supporting provider is current', () => {
    const app = createApp(recordErrors());
    const unsupported = createGreeter('plain', { supportsSuffixes: false });
    const supporting = createGreeter('rich');
    app.provide(greeterService, unsupported.greeter, { name: 'plain' });
    const handle = app.service(greeterService);
    handle.use.registerSuffix('mark', '!');
    expect(handle.use.greet('ann')).toBe('plain: hello ann');
    app.provide(greeterService, supporting.greeter, { name: 'rich' });
    expect(supporting.suffixes.size).toBe(0);
    app.select(greeterService, 'rich');
    expect(handle.use.greet('ann')).toBe('rich: hello ann!');
  });

  it('keeps registrations made while no provider exists and attaches them to the first one', () => {
    const app = createApp(recordErrors());
    const handle = app.service(greeterService);
    handle.use.registerSuffix('early', '!');
    expect(handle.available()).toBe(false);
    const provider = createGreeter('late');
    app.provide(greeterService, provider.greeter);
    expect(handle.use.greet('ann')).toBe('late: hello ann!');
  });

  it('reports a failing attach as RegistrationError and retries on the next provider switch', () => {
    const { errors, onError } = recordErrors();
    const app = createApp({ onError });
    const broken = createGreeter('broken');
    broken.greeter.registerSuffix = () => {
      throw new Error('cannot attach');
    };
    const working = createGreeter('working');
    app.provide(greeterService, broken.greeter, { name: 'broken' });
    app.provide(greeterService, working.greeter, { name: 'working' });
    const handle = app.service(greeterService);
    handle.use.registerSuffix('mark', '!');
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect(RegistrationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'REGISTRATION_FAILED',
      phase: 'attach',
      registrar: 'greeter:suffix',
    });
    app.select(greeterService, 'working');
    expect(handle.use.greet('ann')).toBe('working: hello ann!');
  });

  it('reports a failing detach and still moves the registration', () => {
    const { errors, onError } = recordErrors();
    const app = createApp({ onError });
    const first = createGreeter('first');
    first.greeter.registerSuffix = () => () => {
      throw new Error('cannot detach');
    };
    const second = createGreeter('second');
    app.provide(greeterService, first.greeter, { name: 'first' });
    app.provide(greeterService, second.greeter, { name: 'second' });
    app.service(greeterService).use.registerSuffix('mark', '!');
    app.select(greeterService, 'second');
    expect(errors.map((error) => (error as RegistrationError).phase)).toEqual(['detach']);
    expect([...second.suffixes.keys()]).toEqual(['mark']);
  });

  it('rejects an empty registration name and a malformed registrar with a TypeError', () => {
    const app = createApp(recordErrors());
    expect(() => app.service(greeterService).use.registerSuffix('', '!')).toThrow(TypeError);
    const raw = defineService<Greeter, { register: (registrar: unknown) => () => void }>({
      name: 'test-raw',
      bind: (context) => ({
        register: (registrar) => context.register(registrar as typeof suffixRegistrar, 'name', '!'),
      }),
    });
    const handle = app.service(raw);
    expect(() => handle.use.register({ id: 'no-attach' })).toThrow(TypeError);
    expect(() => handle.use.register({ attach: () => undefined })).toThrow(TypeError);
    expect(() => handle.use.register(suffixRegistrar)).not.toThrow();
  });
});
