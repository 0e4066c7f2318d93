/**
 * The packages of the workspace, from the root package.json's `workspaces` (`packages/*`,
 * `examples/*`): each with its directory relative to the root (`packages/core`) and its
 * manifest, in directory order.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function workspacePackages(root) {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const packages = [];
  for (const pattern of workspaces) {
    const parent = pattern.replace(/\/\*$/, '');
    if (!existsSync(join(root, parent))) continue;
    for (const name of readdirSync(join(root, parent)).sort()) {
      const manifestPath = join(root, parent, name, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      packages.push({ directory: `${parent}/${name}`, manifestPath, manifest });
    }
  }
  return packages;
}
