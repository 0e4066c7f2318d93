/**
 * A README's TypeScript examples as programs: its `ts` blocks in order, as one ES module and as
 * one CommonJS file, with every figure a comment states checked. A line `expression; // 43…`
 * (a number, `true` or `false` first in the comment) becomes a check that the expression is that
 * value; the program prints `{"checks":<n>}` and exits 1 on the first mismatch.
 */
import ts from 'typescript';

/** The two programs, and how many checks each makes. */
export interface ReadmePrograms {
  readonly esm: string;
  readonly commonjs: string;
  readonly checks: number;
}

interface Block {
  readonly code: string;
  /** The README line of the block's first code line. */
  readonly line: number;
}

function tsBlocks(readme: string): Block[] {
  const blocks: Block[] = [];
  const lines = readme.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    if (lines[index]!.trim() !== '```ts') continue;
    const start = index + 1;
    let end = start;
    while (end < lines.length && lines[end]!.trim() !== '```') end += 1;
    blocks.push({ code: lines.slice(start, end).join('\n'), line: start + 1 });
    index = end;
  }
  return blocks;
}

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';?\n?/g;

/** The value names imported from `packageName` (type-only ones left out), and the code without imports. */
function splitImports(code: string, packageName: string): { names: string[]; body: string } {
  const names: string[] = [];
  const body = code.replace(IMPORT, (_match, typeOnly: string | undefined, list: string, from: string) => {
    if (from !== packageName) throw new Error(`README example imports ${from}, not ${packageName}`);
    if (typeOnly !== undefined) return '';
    for (const item of list.split(',').map((name) => name.trim())) {
      if (item !== '' && !item.startsWith('type ')) names.push(item);
    }
    return '';
  });
  return { names, body };
}

const STATED =
  /^(\s*)((?!const |let |var |import |export |\/\/)[^;]+?);\s*\/\/\s*(-?\d+|true|false)(?![\w.,])/;

/** Openers minus closers of the brackets in `code`, strings and line comments left out. */
function bracketBalance(code: string): number {
  const bare = code.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\/\/.*$/g, '');
  let balance = 0;
  for (const character of bare) {
    if ('([{'.includes(character)) balance += 1;
    else if (')]}'.includes(character)) balance -= 1;
  }
  return balance;
}

/** The first line of the statement ending with `expression` on line `index` (it may span lines). */
function statementStart(lines: readonly string[], index: number, expression: string): number {
  let balance = bracketBalance(expression);
  let start = index;
  while (balance < 0 && start > 0) {
    start -= 1;
    balance += bracketBalance(lines[start]!);
  }
  if (balance !== 0) throw new Error(`README example: unbalanced statement before "${expression}"`);
  return start;
}

/** The block with each stated figure turned into a check naming the README line. */
function withChecks(block: Block): { code: string; checks: number } {
  const lines = block.code.split('\n');
  let checks = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const match = STATED.exec(lines[index]!);
    if (match === null) continue;
    checks += 1;
    const [, indent, expression, value] = match as unknown as [string, string, string, string];
    const start = statementStart(lines, index, expression);
    const statement = [...lines.slice(start, index), `${indent}${expression}`].join('\n').trimStart();
    const checked = `${/^\s*/.exec(lines[start]!)![0]}check(${statement}, ${value}, ${block.line + index});`;
    lines.splice(start, index - start + 1, ...checked.split('\n'));
    index = start + checked.split('\n').length - 1;
  }
  return { code: lines.join('\n'), checks };
}

const CHECK = `let checks = 0;
function check(actual, expected, line) {
  checks += 1;
  if (!Object.is(actual, expected)) throw new Error('README line ' + line + ': expected ' + expected + ', got ' + JSON.stringify(actual));
}`;

function toJavaScript(code: string): string {
  return ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
}

/** The programs of `readme`'s `ts` blocks, importing `packageName`. */
export function readmePrograms(readme: string, packageName: string): ReadmePrograms {
  const names = new Set<string>();
  const bodies: string[] = [];
  let checks = 0;
  for (const block of tsBlocks(readme)) {
    const checked = withChecks(block);
    checks += checked.checks;
    const split = splitImports(checked.code, packageName);
    for (const name of split.names) names.add(name);
    bodies.push(split.body);
  }
  const body = toJavaScript(bodies.join('\n'));
  const list = [...names].sort().join(', ');
  const report = 'console.log(JSON.stringify({ checks }));';
  const esm = `import { ${list} } from '${packageName}';\n${CHECK}\n${body}\n${report}\n`;
  const commonjs = `'use strict';\nconst { ${list} } = require('${packageName}');\n${CHECK}\n(async () => {\n${body}\n${report}\n})().catch((error) => {\n  console.error(error);\n  process.exitCode = 1;\n});\n`;
  return { esm, commonjs, checks };
}
