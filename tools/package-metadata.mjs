#!/usr/bin/env node
/**
 * Keeps what a published package tells the registry consistent and complete: the MIT
 * LICENSE file, `license`, `author`, `repository` (with `directory`), `homepage`, `bugs` and
 * `keywords` taken from the root package.json, dependencies as ranges (`@aalis/*` siblings as
 * `^<their version>`, so a release that changesets versions moves them together while a
 * consumer may still dedupe), and README links that work on a registry page (absolute URLs
 * into the repository instead of relative paths into the monorepo).
 *
 *   node tools/package-metadata.mjs           # check: lists every problem, exits 1 when any
 *   node tools/package-metadata.mjs --write   # fixes what it can, then checks
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { workspacePackages } from './workspace-packages.mjs';

const root = new URL('..', import.meta.url).pathname;
const write = process.argv.includes('--write');
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const license = readFileSync(join(root, 'LICENSE'), 'utf8');
/** `https://github.com/owner/name`, from the root's `repository.url`. */
const repositoryWeb = rootManifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

/** Every workspace package (`packages/*`, `examples/*`); private ones are not published, so not checked. */
const readPackages = () => workspacePackages(root);

/** The fields every published package takes from the root, for the package in `directory` (`packages/x`). */
function expectedFields(directory) {
  return {
    license: 'MIT',
    author: rootManifest.author,
    repository: { type: 'git', url: rootManifest.repository.url, directory },
    homepage: `${repositoryWeb}/tree/main/${directory}#readme`,
    bugs: { url: `${repositoryWeb}/issues` },
  };
}

const isRange = (version) => /^[\^~]|[<>=*x| ]/.test(version);

function dependencyProblems(manifest, versions) {
  const problems = [];
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, version] of Object.entries(manifest[field] ?? {})) {
      const sibling = versions.get(name);
      if (sibling !== undefined && version !== `^${sibling}`)
        problems.push(`${field}.${name} is ${version}, not ^${sibling}`);
      else if (sibling === undefined && !isRange(version))
        problems.push(`${field}.${name} is pinned to ${version}: declare a range`);
    }
  }
  return problems;
}

/** Relative links of a README that point out of its package (`../…`), as `[match, target]`. */
function relativeLinks(readme) {
  return [...readme.matchAll(/\]\((\.\.\/[^)\s#]*)(#[^)\s]*)?\)/g)];
}

function absoluteLink(directory, target) {
  const fromRoot = posix.normalize(posix.join(directory, target));
  const isFile = /\.[a-z0-9]+$/i.test(fromRoot);
  return `${repositoryWeb}/${isFile ? 'blob' : 'tree'}/main/${fromRoot}`;
}

function fixManifest({ directory, manifestPath, manifest }, versions) {
  const fixed = { ...manifest, ...expectedFields(directory) };
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    if (fixed[field] === undefined) continue;
    fixed[field] = Object.fromEntries(
      Object.entries(fixed[field]).map(([name, version]) => {
        const sibling = versions.get(name);
        if (sibling !== undefined) return [name, `^${sibling}`];
        return [name, isRange(version) ? version : `^${version}`];
      }),
    );
  }
  writeFileSync(manifestPath, `${JSON.stringify(fixed, null, 2)}\n`);
}

function fixReadme(directory, readmePath) {
  const readme = readFileSync(readmePath, 'utf8');
  const rewritten = readme.replace(
    /\]\((\.\.\/[^)\s#]*)(#[^)\s]*)?\)/g,
    (_match, target, anchor = '') => `](${absoluteLink(directory, target)}${anchor})`,
  );
  if (rewritten !== readme) writeFileSync(readmePath, rewritten);
}

function problemsOf(entry, versions) {
  const { directory, manifest } = entry;
  const problems = [];
  for (const [field, value] of Object.entries(expectedFields(directory))) {
    if (JSON.stringify(manifest[field]) !== JSON.stringify(value))
      problems.push(`${field} is not ${JSON.stringify(value)}`);
  }
  if (!Array.isArray(manifest.keywords) || manifest.keywords.length === 0)
    problems.push('keywords are missing');
  problems.push(...dependencyProblems(manifest, versions));
  const licensePath = join(root, directory, 'LICENSE');
  if (!existsSync(licensePath) || readFileSync(licensePath, 'utf8') !== license)
    problems.push('LICENSE is missing or differs from the root LICENSE');
  const readmePath = join(root, directory, 'README.md');
  if (!existsSync(readmePath)) problems.push('README.md is missing');
  else
    for (const [match] of relativeLinks(readFileSync(readmePath, 'utf8')))
      problems.push(`README link ${match.slice(1)} points into the monorepo`);
  return problems;
}

const packages = readPackages();
const published = packages.filter((entry) => entry.manifest.private !== true);
const versions = new Map(packages.map(({ manifest }) => [manifest.name, manifest.version]));
if (write) {
  for (const entry of published) {
    fixManifest(entry, versions);
    writeFileSync(join(root, entry.directory, 'LICENSE'), license);
    const readmePath = join(root, entry.directory, 'README.md');
    if (existsSync(readmePath)) fixReadme(entry.directory, readmePath);
  }
}
let failed = false;
for (const entry of write ? readPackages().filter((item) => item.manifest.private !== true) : published) {
  for (const problem of problemsOf(entry, versions)) {
    failed = true;
    console.error(`${relative(root, dirname(entry.manifestPath))}: ${problem}`);
  }
}
if (failed) {
  console.error('package metadata: problems found (node tools/package-metadata.mjs --write fixes most)');
  process.exit(1);
}
console.log(`package metadata: ${published.length} published packages complete and consistent`);
