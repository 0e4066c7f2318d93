/**
 * The changelog lines of this repository's releases (`"changelog": "./changelog.cjs"` in
 * config.json): each changeset's line as changesets' default writes it (`@changesets/cli/changelog`,
 * that is `@changesets/changelog-git`: `- <commit>: <summary>`), and the dependency updates of a
 * release as one `- Updated dependencies [<commits>]` line followed by the updated packages.
 *
 * The default writes one "Updated dependencies" line per changeset that moved a dependency: a
 * release of plugin-agent whose dependencies moved through 26 changesets said so 26 times, seven of
 * them for the one commit that added seven changesets, and twice bare for changesets not committed
 * yet. Here the commits are named once each, in the order changesets gives them.
 */
const defaultChangelog = require('@changesets/cli/changelog').default;

/** `- Updated dependencies [a1b2c3d, …]` once, then `  - <name>@<version>` per updated dependency. */
async function getDependencyReleaseLine(changesets, dependenciesUpdated) {
  if (dependenciesUpdated.length === 0) return '';
  const commits = [...new Set(changesets.map((changeset) => changeset.commit?.slice(0, 7)).filter(Boolean))];
  const versions = new Map(dependenciesUpdated.map((dependency) => [dependency.name, dependency.newVersion]));
  const heading = `- Updated dependencies${commits.length > 0 ? ` [${commits.join(', ')}]` : ''}`;
  return [heading, ...[...versions].map(([name, version]) => `  - ${name}@${version}`)].join('\n');
}

module.exports = {
  getReleaseLine: defaultChangelog.getReleaseLine,
  getDependencyReleaseLine,
};
