import type { ContributionPointName } from './contribution-point-map';
import type { Contribution, ContributionRegistry } from './contributions';

/** Options of {@link createContributionRegistry}. */
export interface ContributionRegistryOptions {
  readonly report: (error: unknown) => void;
}

/** The built-in `contributions` provider. */
export function createContributionRegistry(options: ContributionRegistryOptions): ContributionRegistry {
  const lists = new Map<string, Contribution[]>();
  const listeners = new Map<string, Set<() => void>>();

  function notify(point: string): void {
    for (const listener of [...(listeners.get(point) ?? [])]) {
      try {
        listener();
      } catch (error) {
        options.report(error);
      }
    }
  }

  function remove(contribution: Contribution): boolean {
    const list = lists.get(contribution.point) ?? [];
    const index = list.indexOf(contribution);
    if (index < 0) return false;
    list.splice(index, 1);
    return true;
  }

  function add(contribution: Contribution): () => void {
    const list = lists.get(contribution.point) ?? [];
    lists.set(contribution.point, list);
    const replaced = list.find((candidate) => candidate.key === contribution.key);
    if (replaced !== undefined) remove(replaced);
    list.push(contribution);
    notify(contribution.point);
    return () => {
      if (remove(contribution)) notify(contribution.point);
    };
  }

  return {
    add,
    list: <TPoint extends ContributionPointName>(point: TPoint) =>
      [...(lists.get(point) ?? [])] as unknown as readonly Contribution<TPoint>[],
    onChange: (point, listener) => {
      const set = listeners.get(point) ?? new Set();
      listeners.set(point, set);
      // A fresh wrapper so that one function registered twice makes two registrations.
      const registration = () => listener();
      set.add(registration);
      return () => {
        set.delete(registration);
      };
    },
  };
}
