import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createApp,
  definePlugin,
  defineService,
  optional,
  type PluginInstance,
  ProviderNameTakenError,
  ProviderNotFoundError,
  type Registrar,
  type ServiceDescriptor,
} from './index';

interface Recorder {
  readonly attached: Map<string, string>;
  attach(name: string, value: string): () => void;
}

interface BoundRecorder {
  register(name: string, value: string): () => void;
}

const recordRegistrar: Registrar<Recorder, [string]> = {
  id: 'record',
  attach: (service, { name, args: [value] }) => service.attach(name, value),
};

const services = [0, 1].map((index) =>
  defineService<Recorder, BoundRecorder>({
    name: `property-service-${index}`,
    bind: (context) => ({ register: (name, value) => context.register(recordRegistrar, name, value) }),
  }),
);

function service(index: number): ServiceDescriptor<Recorder, BoundRecorder> {
  return services[index] as ServiceDescriptor<Recorder, BoundRecorder>;
}

function createRecorder(): Recorder {
  const attached = new Map<string, string>();
  return {
    attached,
    attach: (name, value) => {
      if (attached.has(name)) throw new Error(`attached twice: ${name}`);
      attached.set(name, value);
      return () => {
        attached.delete(name);
      };
    },
  };
}

type Action =
  | { readonly kind: 'provide' | 'withdraw' | 'select'; readonly service: number; readonly provider: number }
  | { readonly kind: 'load'; readonly required: readonly number[]; readonly optional: readonly number[] }
  | { readonly kind: 'dispose'; readonly plugin: number }
  | { readonly kind: 'app-register'; readonly service: number; readonly name: number };

const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('provide' as const, 'withdraw' as const, 'select' as const),
    service: fc.integer({ min: 0, max: 1 }),
    provider: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({
    kind: fc.constant('load' as const),
    required: fc.subarray([0, 1]),
    optional: fc.subarray([0, 1]),
  }),
  fc.record({ kind: fc.constant('dispose' as const), plugin: fc.integer({ min: 0, max: 5 }) }),
  fc.record({
    kind: fc.constant('app-register' as const),
    service: fc.integer({ min: 0, max: 1 }),
    name: fc.integer({ min: 0, max: 1 }),
  }),
);

interface ModelService {
  providers: { name: string; recorder: Recorder; withdraw: () => void }[];
  preferred: string | undefined;
  appRegistrations: Map<string, string>;
}

interface ModelPlugin {
  readonly instance: PluginInstance;
  readonly required: readonly number[];
  readonly uses: readonly number[];
  disposed: boolean;
}

function currentOf(model: ModelService) {
  return model.providers.find((entry) => entry.name === model.preferred) ?? model.providers[0];
}

class Harness {
  readonly app = createApp({ onError: (error) => this.errors.push(error) });
  readonly errors: unknown[] = [];
  readonly model: ModelService[] = [0, 1].map(() => ({
    providers: [],
    preferred: undefined,
    appRegistrations: new Map(),
  }));
  readonly plugins: ModelPlugin[] = [];
  private counter = 0;

  apply(action: Action): void {
    if (action.kind === 'load') this.load(action.required, action.optional);
    else if (action.kind === 'dispose') this.dispose(action.plugin);
    else if (action.kind === 'app-register') this.appRegister(action.service, action.name);
    else this.provider(action);
  }

  private provider(action: Extract<Action, { provider: number }>): void {
    const model = this.model[action.service] as ModelService;
    const name = `p${action.provider}`;
    const existing = model.providers.find((entry) => entry.name === name);
    if (action.kind === 'provide') {
      const recorder = createRecorder();
      if (existing !== undefined) {
        expect(() => this.app.provide(service(action.service), recorder, { name })).toThrow(
          ProviderNameTakenError,
        );
        return;
      }
      const withdraw = this.app.provide(service(action.service), recorder, { name });
      model.providers.push({ name, recorder, withdraw });
    } else if (action.kind === 'withdraw') {
      if (existing === undefined) return;
      model.providers.splice(model.providers.indexOf(existing), 1);
      existing.withdraw();
    } else if (existing === undefined) {
      expect(() => this.app.select(service(action.service), name)).toThrow(ProviderNotFoundError);
    } else {
      model.preferred = name;
      this.app.select(service(action.service), name);
    }
  }

  private load(required: readonly number[], optionalUses: readonly number[]): void {
    const uses = [...new Set([...required, ...optionalUses])];
    const index = this.plugins.length;
    const usesMap = Object.fromEntries(
      uses.map((each) => [`s${each}`, required.includes(each) ? service(each) : optional(service(each))]),
    );
    const plugin = definePlugin({
      name: `plugin-${index}`,
      uses: usesMap,
      apply(handles) {
        for (const each of uses) {
          const handle = handles[`s${each}`];
          if (handle === undefined) throw new Error(`no handle for service ${each}`);
          (handle.use as BoundRecorder).register(`plugin-${index}`, `from plugin-${index}`);
        }
      },
    });
    this.plugins.push({ instance: this.app.plugin(plugin), required, uses, disposed: false });
  }

  private dispose(pluginIndex: number): void {
    const plugin = this.plugins[pluginIndex];
    if (plugin === undefined) return;
    plugin.disposed = true;
    void plugin.instance.dispose();
  }

  private appRegister(serviceIndex: number, nameIndex: number): void {
    this.counter += 1;
    const value = `app value ${this.counter}`;
    this.app.service(service(serviceIndex)).use.register(`app-${nameIndex}`, value);
    (this.model[serviceIndex] as ModelService).appRegistrations.set(`app-${nameIndex}`, value);
  }

  check(): void {
    const available = this.model.map((model) => model.providers.length > 0);
    for (const plugin of this.plugins) {
      const ready = plugin.required.every((each) => available[each]);
      expect(plugin.instance.state).toBe(plugin.disposed ? 'disposed' : ready ? 'active' : 'pending');
    }
    this.model.forEach((model, index) => {
      const current = currentOf(model);
      expect(this.app.providers(service(index)).current).toBe(current?.name);
      const expected = new Map(model.appRegistrations);
      this.plugins.forEach((plugin, pluginIndex) => {
        if (plugin.instance.state === 'active' && plugin.uses.includes(index)) {
          expected.set(`plugin-${pluginIndex}`, `from plugin-${pluginIndex}`);
        }
      });
      for (const entry of model.providers) {
        const attached = Object.fromEntries(entry.recorder.attached);
        expect(attached).toEqual(entry === current ? Object.fromEntries(expected) : {});
      }
    });
    expect(this.errors).toEqual([]);
  }
}

describe('app under random sequences of providers, selections, plugins and registrations', () => {
  it('[BND-1] keeps plugin states, current providers and attached registrations in line with the model', () => {
    fc.assert(
      fc.property(fc.array(actionArbitrary, { maxLength: 40 }), (actions) => {
        const harness = new Harness();
        for (const action of actions) {
          harness.apply(action);
          harness.check();
        }
      }),
      { numRuns: 400 },
    );
  });
});
