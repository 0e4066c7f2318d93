#!/usr/bin/env node
/**
 * Fails when an error class in packages/<name>/src (or examples/<name>/src) leaves the one error
 * pattern of docs/errors.md:
 * - a package with errors takes the helper from `@aalis/schema-message/error-family` when it
 *   depends on schema-message; the packages below it (the engines, core, schema-message
 *   itself) hold `src/error-family.ts`, byte-identical to tools/error-family/error-family.ts
 *   (`--write` copies it where it differs);
 * - a base class (a class that extends `Error`) is `<Name>Error` in `<name>-error.ts`, takes
 *   `(message: string, options: …)`, sets `name` from `new.target`, keeps `code` from its
 *   options, is branded with `Symbol.for('@aalis/<package>/error')` through the helper,
 *   declares `static readonly code: string | undefined = undefined`, and gets its
 *   `isInstance` from `defineIsInstance` in its static block;
 * - its tsup config keeps class names (`keepNames: true`), which `new.target.name` reads;
 * - a subclass of the base declares `static override readonly code`, and no subclass brands,
 *   names or recognises itself on its own (it inherits all three).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { workspacePackages } from './workspace-packages.mjs';

const root =
  process.argv.find((argument, index) => index > 1 && !argument.startsWith('--')) ??
  new URL('..', import.meta.url).pathname;
const write = process.argv.includes('--write');
const helperPath = join(root, 'tools', 'error-family', 'error-family.ts');
const helper = readFileSync(helperPath, 'utf8');

/** Classes that extend `Error` without being a package's error: each with why. */
const notErrorsOfAFamily = new Map([
  ['HoldLostSignal', 'archive-adapter: a control-flow signal inside a transaction, never thrown out'],
  ['UsageError', 'agent-conformance CLI: caught by run-cli to print the usage text, never thrown out'],
]);

function* sourceFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(entry.name)) yield path;
  }
}

/** A subclass with several codes names their type and is told apart by name (docs/errors.md). */
const severalCodes = /declare readonly code: [A-Z]\w*;/;

const classPattern = /export\s+class\s+(\w+)\s+extends\s+(\w+)\s*\{/g;
const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** What a base class must contain, each with the message when it does not. */
function baseClassRules(name, packageName) {
  const brand = `Symbol.for('@aalis/${packageName}/error')`;
  return [
    [
      /from '(\.\/error-family|@aalis\/schema-message\/error-family)'/,
      "imports the helper from '@aalis/schema-message/error-family' (or, below it, './error-family')",
    ],
    [new RegExp(`const brand = ${brand.replace(/[()/.@]/g, '\\$&')};`), `const brand = ${brand};`],
    [
      /static readonly code: string \| undefined = undefined;/,
      'static readonly code: string | undefined = undefined;',
    ],
    [
      new RegExp(`constructor\\(message: string, options: ${name}Options\\)`),
      `constructor(message: string, options: ${name}Options)`,
    ],
    [/super\(message, errorOptions\(options\)\);/, 'super(message, errorOptions(options));'],
    [/this\.name = new\.target\.name;/, 'this.name = new.target.name;'],
    [/this\.code = options\.code;/, 'this.code = options.code;'],
    [/brandError\(this, brand\);/, 'brandError(this, brand);'],
    [
      new RegExp(`declare static readonly isInstance: IsInstance<${name}>;`),
      `declare static readonly isInstance: IsInstance<${name}>;`,
    ],
    [
      new RegExp(`static \\{ defineIsInstance\\(${name}, brand\\); \\}`),
      `static { defineIsInstance(${name}, brand); }`,
    ],
  ];
}

const problems = [];
for (const { directory, manifest } of workspacePackages(root)) {
  const sourceDirectory = join(root, directory, 'src');
  if (!existsSync(sourceDirectory)) continue;
  const packageName = manifest.name.replace(/^@aalis\//, '');
  const classes = [];
  for (const file of sourceFiles(sourceDirectory)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(classPattern))
      classes.push({ file, text, name: match[1], parent: match[2] });
    for (const match of text.matchAll(/class\s+(\w+)\s+extends\s+Error\b/g)) {
      if (!notErrorsOfAFamily.has(match[1]) && !classes.some((found) => found.name === match[1]))
        problems.push(
          `${relative(root, file)}: ${match[1]} extends Error but is not exported as a package error`,
        );
    }
  }
  const bases = classes.filter(({ parent, name }) => parent === 'Error' && !notErrorsOfAFamily.has(name));
  const ownNames = new Set(classes.map(({ name }) => name));
  const errors = classes.filter(({ parent, name }) => /Error$/.test(parent) && !notErrorsOfAFamily.has(name));
  const copyPath = join(sourceDirectory, 'error-family.ts');
  const dependencies = { ...manifest.dependencies, ...manifest.peerDependencies };
  const shares = '@aalis/schema-message' in dependencies;
  if (shares && existsSync(copyPath))
    problems.push(
      `${relative(root, copyPath)}: ${manifest.name} depends on @aalis/schema-message: import its error-family instead of a copy`,
    );
  const importsShared = bases.some(({ text }) => text.includes("'@aalis/schema-message/error-family'"));
  if (importsShared && !shares)
    problems.push(`${directory}: imports @aalis/schema-message/error-family without depending on it`);
  const needsCopy = bases.length > 0 && !shares;
  if (needsCopy && (!existsSync(copyPath) || readFileSync(copyPath, 'utf8') !== helper)) {
    if (write) writeFileSync(copyPath, helper);
    else
      problems.push(
        `${relative(root, copyPath)}: missing or not identical to tools/error-family/error-family.ts (run with --write)`,
      );
  }
  const bundlerConfig = join(root, directory, 'tsup.config.ts');
  if (
    bases.length > 0 &&
    existsSync(bundlerConfig) &&
    !/keepNames: true/.test(readFileSync(bundlerConfig, 'utf8'))
  )
    problems.push(`${directory}/tsup.config.ts: needs \`keepNames: true\` (names come from new.target)`);
  if (bases.length > 1)
    problems.push(
      `${directory}: one error base class per package, found ${bases.map((base) => base.name).join(', ')}`,
    );
  for (const { file, text, name } of bases) {
    const where = relative(root, file);
    if (basename(file) !== `${kebab(name)}.ts`)
      problems.push(`${where}: ${name} belongs in ${kebab(name)}.ts`);
    // One line per statement, whatever the formatter wrapped: `f(\n  a,\n)` reads `f(a)`.
    const flat = text.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/,? \)/g, ')');
    for (const [pattern, wanted] of baseClassRules(name, packageName)) {
      if (!pattern.test(flat)) problems.push(`${where}: the base class ${name} lacks \`${wanted}\``);
    }
  }
  const baseNames = new Set(bases.map(({ name }) => name));
  for (const { file, text, name, parent } of errors) {
    if (parent === 'Error') continue;
    const where = relative(root, file);
    const body = classBody(text, name);
    if (/static\s+(override\s+)?isInstance/.test(body))
      problems.push(`${where}: ${name} defines its own isInstance (inherit the base's)`);
    if (/this\.name\s*=/.test(body))
      problems.push(`${where}: ${name} sets name (the base sets it from new.target)`);
    if (/Symbol\.for\(/.test(text)) problems.push(`${where}: ${name} brands itself (the base does)`);
    if (baseNames.has(parent) && !/static override readonly code\b/.test(body) && !severalCodes.test(body))
      problems.push(`${where}: ${name} extends ${parent} without \`static override readonly code\``);
    if (!ownNames.has(parent) && !/^[A-Z]\w*Error$/.test(parent))
      problems.push(`${where}: ${name} extends ${parent}`);
  }
}

/** The text of `class name … { … }` up to its closing brace at the start of a line. */
function classBody(text, name) {
  const start = text.search(new RegExp(`class\\s+${name}\\b`));
  const end = text.indexOf('\n}', start);
  return text.slice(start, end === -1 ? undefined : end);
}

if (problems.length > 0) {
  console.error(`error pattern (docs/errors.md): ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log('error pattern: every error class follows docs/errors.md');
