import { REQUIREMENTS, type Requirement } from './requirements';

const byId = new Map(REQUIREMENTS.map((requirement) => [requirement.id, requirement]));

/** The catalog entry with this id, or `undefined` for an id the catalog does not know. */
export function findRequirement(id: string): Requirement | undefined {
  return byId.get(id);
}
