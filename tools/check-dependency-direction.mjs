#!/usr/bin/env node
/**
 * Fails when an import points against the layering of docs/decisions/0001:
 *   engine ← contract ← concern ← plugin; the kit sees contracts only.
 * Each package names its layer in package.json under "aalis.layer". Only a package's
 * shipped sources (src/, without tests) are held to the rule; tests and benchmarks may
 * import anything. The examples (`examples/*`) are held to it too: an example agent is
 * written from the contracts alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { workspacePackages } from './workspace-packages.mjs';

const root = new URL('..', import.meta.url).pathname;

/** Which layers the shipped sources of a layer may import. */
const allowedLayers = {
  engine: [],
  contract: ['engine', 'contract'],
  concern: ['engine', 'contract', 'concern'],
  provider: ['engine', 'contract'],
  plugin: ['engine', 'contract', 'concern'],
  kit: ['contract'],
  example: ['contract'],
  app: ['engine', 'contract', 'concern', 'plugin', 'provider'],
  internal: ['engine', 'contract', 'concern', 'plugin', 'provider', 'kit', 'app', 'internal'],
};

function readPackages() {
  const packages = new Map();
  for (const { manifestPath, manifest } of workspacePackages(root)) {
    packages.set(manifest.name, { directory: dirname(manifestPath), manifest, layer: manifest.aalis?.layer });
  }
  return packages;
}

function* sourceFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name)) yield path;
  }
}

const importPattern =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function importedAalisPackages(file) {
  const text = readFileSync(file, 'utf8');
  const found = new Set();
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const name = /^(@aalis\/[^/]+)/.exec(specifier)?.[1];
    if (name) found.add(name);
  }
  return found;
}

const packages = readPackages();
const problems = [];

for (const [name, info] of packages) {
  if (!(info.layer in allowedLayers)) {
    problems.push(
      `${name}: package.json "aalis.layer" must be one of ${Object.keys(allowedLayers).join(', ')}`,
    );
    continue;
  }
  const declared = { ...info.manifest.dependencies, ...info.manifest.peerDependencies };
  const sourceDirectory = join(info.directory, 'src');
  let files = [];
  try {
    files = [...sourceFiles(sourceDirectory)];
  } catch {
    files = [];
  }
  for (const file of files) {
    for (const imported of importedAalisPackages(file)) {
      const where = relative(root, file);
      const target = packages.get(imported);
      if (!target) {
        problems.push(`${where}: imports ${imported}, which is not a package of this workspace`);
        continue;
      }
      if (imported === name) continue;
      if (imported === '@aalis/plugin-agent' && info.layer !== 'app' && info.layer !== 'internal') {
        problems.push(`${where}: only the command-line package may import @aalis/plugin-agent`);
      } else if (!allowedLayers[info.layer].includes(target.layer)) {
        problems.push(`${where}: a ${info.layer} package may not import ${imported} (${target.layer})`);
      }
      if (!(imported in declared)) {
        problems.push(`${where}: imports ${imported}, missing from dependencies of ${name}`);
      }
    }
  }
  if (info.layer === 'engine') {
    for (const dependency of Object.keys(declared)) {
      if (dependency.startsWith('@aalis/'))
        problems.push(`${name}: an engine may not depend on ${dependency}`);
    }
  }
}

// The package graph must stay acyclic.
const visiting = new Set();
const done = new Set();
function visit(name, path) {
  if (done.has(name)) return;
  if (visiting.has(name)) {
    problems.push(`dependency cycle: ${[...path, name].join(' -> ')}`);
    return;
  }
  visiting.add(name);
  const manifest = packages.get(name)?.manifest ?? {};
  const all = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies };
  for (const dependency of Object.keys(all)) {
    if (packages.has(dependency)) visit(dependency, [...path, name]);
  }
  visiting.delete(name);
  done.add(name);
}
for (const name of packages.keys()) visit(name, []);

if (problems.length > 0) {
  console.error(`dependency direction: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`dependency direction: ${packages.size} packages checked, no arrow points the wrong way`);
