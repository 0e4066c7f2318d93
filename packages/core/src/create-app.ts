import { AppStoppedError } from './app-stopped-error';
import { bindHandle } from './bind-handle';
import { contributions } from './contributions';
import { createContributionRegistry } from './create-contribution-registry';
import { createEventBus } from './create-event-bus';
import { createLifecycleController } from './create-lifecycle-controller';
import type { Plugin, ServiceUses } from './define-plugin';
import { events } from './events';
import { type LifecycleService, lifecycle } from './lifecycle';
import { OwnerScope } from './owner-scope';
import type { ProvideOptions } from './plugin-context';
import type { PluginInstance } from './plugin-instance';
import { PluginRecord } from './plugin-record';
import type { ProviderSelection } from './provider-selection';
import type { AnyServiceDescriptor, ServiceDescriptor } from './service-descriptor';
import type { ServiceHandle } from './service-handle';
import { ServiceRegistry } from './service-registry';

/** Options of {@link createApp}. */
export interface AppOptions {
  /**
   * Receives every isolated failure: listener, registrar, apply, cleanup errors (all
   * `CoreError`s). Defaults to `console.error`. What it throws is ignored.
   */
  readonly onError?: (error: unknown) => void;
}

/**
 * The plugin host: loads plugins, keeps the providers of each service and which one is
 * current, and activates each plugin once its required services have providers. It
 * provides the built-in services `events`, `contributions` and `lifecycle` (provider name
 * `core`).
 */
export interface App {
  /**
   * Loads an instance of `plugin`. It activates at once (its `apply` runs inside this call)
   * when every required service has a provider, otherwise as soon as they all do. Throws
   * `AppStoppedError` once `stop()` began.
   */
  plugin<TConfig>(
    plugin: Plugin<TConfig, ServiceUses>,
    ...config: undefined extends TConfig ? [config?: TConfig] : [config: TConfig]
  ): PluginInstance;
  /** Adds a provider owned by the app (default name `app`); returns a function that withdraws it. */
  provide<TService extends object>(
    descriptor: ServiceDescriptor<TService, object>,
    implementation: TService,
    options?: ProvideOptions,
  ): () => void;
  /**
   * Makes the provider named `providerName` current, and keeps preferring it whenever it is
   * registered. Registrations move to it. Throws `ProviderNotFoundError` for an unknown name.
   */
  select(descriptor: AnyServiceDescriptor, providerName: string): void;
  /** The providers of a service and the current one. */
  providers(descriptor: AnyServiceDescriptor): ProviderSelection;
  /** A handle owned by the app: its registrations live until `stop()`. */
  service<TService extends object, TBound extends object>(
    descriptor: ServiceDescriptor<TService, TBound>,
  ): ServiceHandle<TBound>;
  /** Resolves once no activation or cleanup is in flight. */
  settled(): Promise<void>;
  /** Runs the `lifecycle` drain (see `Lifecycle.onDrain`); rejects with `DrainError` if a callback failed. */
  drain(): Promise<void>;
  /**
   * Drains, then disposes every plugin instance (last loaded first) and the app's own
   * providers and registrations. Rejects with the `DrainError` at the end if draining failed.
   */
  stop(): Promise<void>;
}

/** Creates an app with the built-in services provided. */
export function createApp(options: AppOptions = {}): App {
  return new AppHost(options).facade();
}

class AppHost {
  private readonly report: (error: unknown) => void;
  private readonly registry: ServiceRegistry;
  private readonly appScope: OwnerScope;
  private readonly records: PluginRecord[] = [];
  private readonly instanceCounts = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private reconciling = false;
  private dirty = false;
  private stopping: Promise<void> | undefined = undefined;

  constructor(options: AppOptions) {
    const onError = options.onError ?? ((error: unknown) => console.error(error));
    this.report = (error) => {
      try {
        onError(error);
      } catch {
        // A failing error reporter must not break the app.
      }
    };
    this.registry = new ServiceRegistry({
      report: this.report,
      onAvailabilityChange: () => this.reconcile(),
    });
    this.appScope = new OwnerScope({ label: 'app', report: this.report });
    this.provideBuiltIns();
  }

  facade(): App {
    return {
      plugin: (plugin, ...config) => this.load(plugin as Plugin<unknown, ServiceUses>, config[0]),
      provide: (descriptor, implementation, options) => {
        if (this.stopping !== undefined) throw new AppStoppedError('provide a service');
        const withdraw = this.registry.addProvider(descriptor.name, options?.name ?? 'app', implementation);
        return this.appScope.add(withdraw);
      },
      select: (descriptor, providerName) => this.registry.select(descriptor.name, providerName),
      providers: (descriptor) => this.registry.providers(descriptor.name),
      service: <TService extends object, TBound extends object>(
        descriptor: ServiceDescriptor<TService, TBound>,
      ) =>
        bindHandle({
          registry: this.registry,
          descriptor: descriptor as unknown as AnyServiceDescriptor,
          owner: undefined,
          scope: this.appScope,
        }) as ServiceHandle<TBound>,
      settled: () => this.settled(),
      drain: () => this.lifecycleProvider()?.drain() ?? Promise.resolve(),
      stop: () => this.stop(),
    };
  }

  private provideBuiltIns(): void {
    const report = this.report;
    this.appScope.add(this.registry.addProvider(events.name, 'core', createEventBus({ report })));
    this.appScope.add(
      this.registry.addProvider(contributions.name, 'core', createContributionRegistry({ report })),
    );
    this.appScope.add(this.registry.addProvider(lifecycle.name, 'core', createLifecycleController()));
  }

  private lifecycleProvider(): LifecycleService | undefined {
    return this.registry.current(lifecycle.name) as LifecycleService | undefined;
  }

  private load(plugin: Plugin<unknown, ServiceUses>, config: unknown): PluginInstance {
    if (this.stopping !== undefined) throw new AppStoppedError(`load plugin "${plugin?.name}"`);
    if (plugin?.kind !== 'plugin') throw new TypeError('app.plugin() takes a plugin made by definePlugin()');
    const count = (this.instanceCounts.get(plugin.name) ?? 0) + 1;
    this.instanceCounts.set(plugin.name, count);
    const owner = { instanceId: `${plugin.name}#${count}`, pluginName: plugin.name };
    const host = {
      registry: this.registry,
      report: this.report,
      track: (work: Promise<void>) => this.track(work),
    };
    const record = new PluginRecord({ plugin, config, owner, host });
    this.records.push(record);
    this.reconcile();
    return this.instance(record);
  }

  private instance(record: PluginRecord): PluginInstance {
    let disposed: Promise<void> | undefined;
    return Object.freeze({
      id: record.owner.instanceId,
      pluginName: record.owner.pluginName,
      get state() {
        return record.state;
      },
      get error() {
        return record.error;
      },
      dispose: () => {
        disposed ??= this.dispose(record);
        return disposed;
      },
    });
  }

  private dispose(record: PluginRecord): Promise<void> {
    const index = this.records.indexOf(record);
    if (index >= 0) this.records.splice(index, 1);
    const done = record.deactivate('disposed');
    this.track(done);
    this.reconcile();
    return done;
  }

  /** Brings every instance in line with service availability, until nothing changes. */
  private reconcile(): void {
    if (this.reconciling) {
      this.dirty = true;
      return;
    }
    this.reconciling = true;
    try {
      do {
        this.dirty = false;
        for (const record of [...this.records]) this.reconcileOne(record);
      } while (this.dirty);
    } finally {
      this.reconciling = false;
    }
  }

  private reconcileOne(record: PluginRecord): void {
    const running = record.state === 'active' || record.state === 'activating';
    const ready = record.requirementsMet();
    if (running && !ready) this.track(record.deactivate('pending'));
    else if (record.state === 'pending' && ready && this.stopping === undefined) record.activate();
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private stop(): Promise<void> {
    this.stopping ??= this.stopInOrder();
    return this.stopping;
  }

  private async stopInOrder(): Promise<void> {
    let drainFailure: unknown;
    try {
      await (this.lifecycleProvider()?.drain() ?? Promise.resolve());
    } catch (error) {
      drainFailure = error;
    }
    for (const record of [...this.records].reverse()) await this.dispose(record);
    await this.appScope.close();
    await this.settled();
    if (drainFailure !== undefined) throw drainFailure;
  }
}
