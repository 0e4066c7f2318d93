#!/usr/bin/env node
/**
 * Puts what the packed-consumer test installs beyond the workspace's own packages into the npm
 * cache, so the test itself runs offline: vitest 5 (and its vite), as
 * test/fixtures/vitest-5/package-lock.json pins them. Installs that lockfile into a temporary
 * directory with `npm ci --prefer-offline` (a no-op for the network once cached) and removes it.
 * Never fails an install: without the network it says so and exits 0; the test then skips its
 * vitest 5 case and says why.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const fixture = new URL('../test/fixtures/vitest-5/', import.meta.url);
const directory = mkdtempSync(join(tmpdir(), 'aalis-prime-vitest-5-'));
// A child npm of an `npm install` must not act on the workspace: drop the npm_* variables it set.
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !key.toLowerCase().startsWith('npm_') || /^npm_config_(cache|userconfig|registry)$/i.test(key),
  ),
);
try {
  for (const file of ['package.json', 'package-lock.json'])
    copyFileSync(new URL(file, fixture), join(directory, file));
  const npm = spawnSync('npm', ['ci', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: directory,
    env,
    encoding: 'utf8',
  });
  if (npm.status === 0) console.log('release-checks: vitest 5 is in the npm cache');
  else
    console.warn(
      `release-checks: could not put vitest 5 in the npm cache (the packed-consumer test will skip it):\n${npm.stderr}`,
    );
} finally {
  rmSync(directory, { recursive: true, force: true });
}
