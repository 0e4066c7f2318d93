import type { PromptContributionEntry } from './prompt-contribution-entry';

/**
 * The global key `pluginInstanceId/localId` of a contribution, with the spec's own `localId`
 * ([PRM-3]). When the registry keyed the entry under another local id (one it chose itself),
 * the spec's local id replaces it after the instance id; otherwise the registry's key is used
 * as it is.
 */
export function injectorKey(entry: PromptContributionEntry): string {
  const { key, localId } = entry;
  const specLocalId = entry.spec.localId;
  if (localId === undefined || localId === specLocalId || !key.endsWith(`/${localId}`)) return key;
  return `${key.slice(0, key.length - localId.length)}${specLocalId}`;
}
