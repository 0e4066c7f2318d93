import type { PluginOwner } from './plugin-owner';
import { ProviderNameTakenError } from './provider-name-taken-error';
import { ProviderNotFoundError } from './provider-not-found-error';
import type { ProviderSelection } from './provider-selection';
import type { Registrar } from './registrar';
import { RegistrationError } from './registration-error';

interface ProviderEntry {
  readonly name: string;
  readonly implementation: object;
}

interface RegistrationEntry {
  readonly registrar: Registrar<object, readonly unknown[]>;
  readonly name: string;
  readonly owner: PluginOwner | undefined;
  readonly args: readonly unknown[];
  detach: (() => void) | undefined;
}

interface ServiceSlot {
  readonly service: string;
  readonly providers: ProviderEntry[];
  preferred: string | undefined;
  current: ProviderEntry | undefined;
  /** Keyed by registrar id and registration name; insertion order is attach order. */
  readonly registrations: Map<string, RegistrationEntry>;
}

/** What {@link ServiceRegistry.register} records. */
export interface RegistrationRequest {
  readonly registrar: Registrar<object, readonly unknown[]>;
  readonly name: string;
  readonly owner: PluginOwner | undefined;
  readonly args: readonly unknown[];
}

/** Options of {@link ServiceRegistry}. */
export interface ServiceRegistryOptions {
  readonly report: (error: unknown) => void;
  /** Called when a service gains its first provider or loses its last. */
  readonly onAvailabilityChange: () => void;
}

/**
 * Providers and registrations of every service, keyed by service name. The current
 * provider is the one selected by name if present, else the earliest registered. Every
 * registration is attached to the current provider only, re-attached when it changes.
 */
export class ServiceRegistry {
  private readonly slots = new Map<string, ServiceSlot>();

  constructor(private readonly options: ServiceRegistryOptions) {}

  current(service: string): object | undefined {
    return this.slots.get(service)?.current?.implementation;
  }

  providers(service: string): ProviderSelection {
    const slot = this.slots.get(service);
    return { names: slot?.providers.map((entry) => entry.name) ?? [], current: slot?.current?.name };
  }

  addProvider(service: string, name: string, implementation: object): () => void {
    if (typeof implementation !== 'object' || implementation === null) {
      throw new TypeError(`A provider of service "${service}" must be an object`);
    }
    const slot = this.slot(service);
    if (slot.providers.some((entry) => entry.name === name)) {
      throw new ProviderNameTakenError({ service, provider: name });
    }
    const entry: ProviderEntry = { name, implementation };
    slot.providers.push(entry);
    this.recompute(slot);
    return () => {
      const index = slot.providers.indexOf(entry);
      if (index < 0) return;
      slot.providers.splice(index, 1);
      this.recompute(slot);
    };
  }

  select(service: string, name: string): void {
    const slot = this.slot(service);
    if (!slot.providers.some((entry) => entry.name === name)) {
      throw new ProviderNotFoundError({ service, provider: name });
    }
    slot.preferred = name;
    this.recompute(slot);
  }

  register(service: string, request: RegistrationRequest): () => void {
    const slot = this.slot(service);
    const key = `${request.registrar.id}\u0000${request.name}`;
    const previous = slot.registrations.get(key);
    if (previous !== undefined) {
      slot.registrations.delete(key);
      this.detach(slot, previous);
    }
    const entry: RegistrationEntry = { ...request, detach: undefined };
    slot.registrations.set(key, entry);
    if (slot.current !== undefined) this.attach(slot, entry, slot.current);
    return () => {
      if (slot.registrations.get(key) !== entry) return;
      slot.registrations.delete(key);
      this.detach(slot, entry);
    };
  }

  private slot(service: string): ServiceSlot {
    let slot = this.slots.get(service);
    if (slot === undefined) {
      slot = { service, providers: [], preferred: undefined, current: undefined, registrations: new Map() };
      this.slots.set(service, slot);
    }
    return slot;
  }

  private recompute(slot: ServiceSlot): void {
    const next = slot.providers.find((entry) => entry.name === slot.preferred) ?? slot.providers[0];
    if (next === slot.current) return;
    const wasAvailable = slot.current !== undefined;
    for (const entry of slot.registrations.values()) this.detach(slot, entry);
    slot.current = next;
    if (next !== undefined) {
      for (const entry of [...slot.registrations.values()]) this.attach(slot, entry, next);
    }
    if (wasAvailable !== (next !== undefined)) this.options.onAvailabilityChange();
  }

  private attach(slot: ServiceSlot, entry: RegistrationEntry, provider: ProviderEntry): void {
    try {
      const detach = entry.registrar.attach(provider.implementation, {
        name: entry.name,
        owner: entry.owner,
        args: entry.args,
      });
      if (detach !== undefined && typeof detach !== 'function') {
        throw new TypeError('attach must return a detach function or undefined');
      }
      entry.detach = detach;
    } catch (cause) {
      this.report(slot, entry, 'attach', cause);
    }
  }

  private detach(slot: ServiceSlot, entry: RegistrationEntry): void {
    const detach = entry.detach;
    entry.detach = undefined;
    if (detach === undefined) return;
    try {
      detach();
    } catch (cause) {
      this.report(slot, entry, 'detach', cause);
    }
  }

  private report(
    slot: ServiceSlot,
    entry: RegistrationEntry,
    phase: 'attach' | 'detach',
    cause: unknown,
  ): void {
    this.options.report(
      new RegistrationError({
        service: slot.service,
        registrar: entry.registrar.id,
        name: entry.name,
        phase,
        cause,
      }),
    );
  }
}
