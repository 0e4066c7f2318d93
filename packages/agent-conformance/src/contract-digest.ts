import { createHash } from 'node:crypto';
import { REQUIREMENTS, type Requirement } from './requirements';

/**
 * The digest of a requirement set: `sha256:` and the hex SHA-256 over each requirement's id
 * and text (one `id<TAB>text` line per requirement, in catalog order). Two reports with the
 * same digest were checked against the same requirements, word for word.
 */
export function contractDigest(requirements: readonly Requirement[] = REQUIREMENTS): string {
  const hash = createHash('sha256');
  for (const requirement of requirements) hash.update(`${requirement.id}\t${requirement.text}\n`);
  return `sha256:${hash.digest('hex')}`;
}
