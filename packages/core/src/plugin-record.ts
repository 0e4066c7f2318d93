import { bindHandle } from './bind-handle';
import type { Plugin, PluginApplyResult, ServiceUses } from './define-plugin';
import { OwnerScope } from './owner-scope';
import { PluginApplyError } from './plugin-apply-error';
import type { PluginContext } from './plugin-context';
import type { PluginState } from './plugin-instance';
import type { PluginOwner } from './plugin-owner';
import type { AnyServiceDescriptor } from './service-descriptor';
import type { ServiceHandle } from './service-handle';
import type { ServiceRegistry } from './service-registry';

/** What a plugin record needs from its app. */
export interface PluginHost {
  readonly registry: ServiceRegistry;
  readonly report: (error: unknown) => void;
  /** Keeps `app.settled()` waiting until `work` settles; `work` must not reject. */
  readonly track: (work: Promise<void>) => void;
}

/** Options of {@link PluginRecord}. */
export interface PluginRecordOptions {
  readonly plugin: Plugin<unknown, ServiceUses>;
  readonly config: unknown;
  readonly owner: PluginOwner;
  readonly host: PluginHost;
}

/** One loaded plugin instance and its current activation. */
export class PluginRecord {
  state: PluginState = 'pending';
  error: unknown = undefined;
  private scope: OwnerScope | undefined = undefined;
  private controller: AbortController | undefined = undefined;

  constructor(private readonly options: PluginRecordOptions) {}

  get owner(): PluginOwner {
    return this.options.owner;
  }

  /** Whether every required service has a provider. */
  requirementsMet(): boolean {
    return Object.values(this.options.plugin.uses).every(
      (use) => use.kind === 'optional' || this.options.host.registry.current(use.name) !== undefined,
    );
  }

  /** Calls `apply`; the instance is `active`, `activating` or `failed` afterwards. */
  activate(): void {
    const { host, owner } = this.options;
    const scope = new OwnerScope({ label: owner.instanceId, report: host.report });
    const controller = new AbortController();
    this.scope = scope;
    this.controller = controller;
    this.state = 'activating';
    let result: PluginApplyResult | Promise<PluginApplyResult>;
    try {
      result = this.options.plugin.apply(this.handles(scope), this.context(scope, controller.signal));
    } catch (error) {
      this.fail(scope, error);
      return;
    }
    if (result instanceof Promise) {
      host.track(
        result.then(
          (settled) => this.applied(scope, settled),
          (error: unknown) => this.fail(scope, error),
        ),
      );
      return;
    }
    this.applied(scope, result);
  }

  /** Ends the activation (if any) and moves to `next`; resolves once cleanups settled. */
  deactivate(next: 'pending' | 'disposed'): Promise<void> {
    this.state = next;
    return this.endActivation();
  }

  private handles(scope: OwnerScope): Record<string, ServiceHandle<object>> {
    const handles: Record<string, ServiceHandle<object>> = {};
    for (const [key, use] of Object.entries(this.options.plugin.uses)) {
      const descriptor: AnyServiceDescriptor = use.kind === 'optional' ? use.descriptor : use;
      handles[key] = bindHandle({
        registry: this.options.host.registry,
        descriptor,
        owner: this.owner,
        scope,
      });
    }
    return handles;
  }

  private context(scope: OwnerScope, signal: AbortSignal): PluginContext<unknown> {
    const { registry } = this.options.host;
    return {
      config: this.options.config,
      owner: this.owner,
      signal,
      provide: (descriptor, implementation, options) => {
        if (!scope.isOpen) return () => undefined;
        const name = options?.name ?? this.owner.instanceId;
        return scope.add(registry.addProvider(descriptor.name, name, implementation));
      },
      onDispose: (callback) => {
        if (typeof callback !== 'function') throw new TypeError('onDispose takes a function');
        scope.add(callback);
      },
    };
  }

  private applied(scope: OwnerScope, result: PluginApplyResult): void {
    if (typeof result === 'function') scope.add(result);
    // A cleanup returned after the activation ended has already run (the scope is closed).
    if (this.scope === scope) this.state = 'active';
  }

  private fail(scope: OwnerScope, cause: unknown): void {
    const failure = new PluginApplyError({ instanceId: this.owner.instanceId, cause });
    this.options.host.report(failure);
    if (this.scope !== scope) return;
    this.state = 'failed';
    this.error = failure;
    this.options.host.track(this.endActivation());
  }

  private endActivation(): Promise<void> {
    const scope = this.scope;
    this.scope = undefined;
    this.controller?.abort();
    this.controller = undefined;
    return scope === undefined ? Promise.resolve() : scope.close();
  }
}
