import type { ContributionPointMap, ContributionPointName } from './contribution-point-map';
import { defineService } from './define-service';
import type { PluginOwner } from './plugin-owner';
import type { Registrar } from './registrar';
import type { ServiceDescriptor } from './service-descriptor';

/** One contribution to a point, as the point's owner lists it. */
export interface Contribution<TPoint extends ContributionPointName = ContributionPointName> {
  readonly point: TPoint;
  /** Global key `pluginInstanceId/localId` (`app/localId` for the app), unique per point. */
  readonly key: string;
  readonly localId: string;
  /** Who contributed; `undefined` for the app. */
  readonly owner: PluginOwner | undefined;
  readonly spec: ContributionPointMap[TPoint];
}

/** Options of `contributions.use.contribute`. */
export interface ContributeOptions {
  /**
   * The local id, unique per contributor and point. Defaults to the spec's own `id` when it
   * is a non-empty string, else to a counter per handle and point (`1`, `2`, …), which
   * stays the same across re-activations as long as the plugin contributes in the same
   * order.
   */
  readonly localId?: string;
}

/** What the provider of `contributions` implements. */
export interface ContributionRegistry {
  /** Adds a contribution; one with the same key on the same point is replaced. Returns a remover. */
  add(contribution: Contribution): () => void;
  /** The contributions of `point` now, in the order they were (re)added. */
  list<TPoint extends ContributionPointName>(point: TPoint): readonly Contribution<TPoint>[];
  /** Calls `listener` after every change of `point`'s list. Returns a remover. */
  onChange(point: ContributionPointName, listener: () => void): () => void;
}

/** The business handle of `contributions`. */
export interface Contributions {
  /**
   * Contributes `spec` to `point` under the key `ownerInstanceId/localId`; the same key
   * replaces the earlier contribution. Withdrawn when the plugin deactivates or by the
   * returned function.
   */
  contribute<TPoint extends ContributionPointName>(
    point: TPoint,
    spec: ContributionPointMap[TPoint],
    options?: ContributeOptions,
  ): () => void;
  /** The contributions of `point` now (empty without a provider). */
  list<TPoint extends ContributionPointName>(point: TPoint): readonly Contribution<TPoint>[];
  /** Calls `listener` after every change of `point`'s list; withdrawn with the plugin. */
  onChange(point: ContributionPointName, listener: () => void): () => void;
}

const contributionRegistrar: Registrar<ContributionRegistry, [Contribution]> = {
  id: 'contributions:contribution',
  attach: (registry, { args: [contribution] }) => registry.add(contribution),
};

const changeRegistrar: Registrar<ContributionRegistry, [ContributionPointName, () => void]> = {
  id: 'contributions:change-listener',
  attach: (registry, { args: [point, listener] }) => registry.onChange(point, listener),
};

let listenerCounter = 0;

/**
 * The `contributions` service descriptor: contribution points (e.g. `agent:prompt`) that
 * plugins contribute specs to. The app provides it (provider name `core`).
 */
export const contributions: ServiceDescriptor<ContributionRegistry, Contributions> = defineService<
  ContributionRegistry,
  Contributions
>({
  name: 'contributions',
  bind: (context) => {
    const counters = new Map<string, number>();
    const nextLocalId = (point: string) => {
      const next = (counters.get(point) ?? 0) + 1;
      counters.set(point, next);
      return String(next);
    };
    return {
      contribute: (point, spec, options) => {
        assertPoint(point);
        const localId = options?.localId ?? specId(spec) ?? nextLocalId(point);
        const key = `${context.owner?.instanceId ?? 'app'}/${localId}`;
        const contribution: Contribution = { point, key, localId, owner: context.owner, spec };
        return context.register(contributionRegistrar, `${point}\u0000${key}`, contribution);
      },
      list: (point) => context.currentOrUndefined()?.list(point) ?? [],
      onChange: (point, listener) => {
        assertPoint(point);
        listenerCounter += 1;
        return context.register(
          changeRegistrar,
          `${point}\u0000listener#${listenerCounter}`,
          point,
          listener,
        );
      },
    };
  },
});

/** The spec's own local id: `localId` (as `agent:prompt` specs name it), else `id`. */
function specId(spec: unknown): string | undefined {
  if (typeof spec !== 'object' || spec === null) return undefined;
  const { localId, id } = spec as { localId?: unknown; id?: unknown };
  if (typeof localId === 'string' && localId.length > 0) return localId;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

function assertPoint(point: unknown): void {
  if (typeof point !== 'string' || point.length === 0) {
    throw new TypeError('A contribution point name must be a non-empty string');
  }
}
