import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the tools, without types
import { baseErrorSource } from '../templates.mjs';

const tools = new URL('../..', import.meta.url).pathname;
const roots: string[] = [];

/**
 * A one-package workspace whose error base class has the source `base`: below schema-message
 * (a copy of the helper), or, with `dependencies`, a package that may share it.
 */
function workspace(base: string, dependencies?: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'error-pattern-'));
  roots.push(root);
  mkdirSync(join(root, 'tools', 'error-family'), { recursive: true });
  copyFileSync(
    join(tools, 'error-family', 'error-family.ts'),
    join(root, 'tools', 'error-family', 'error-family.ts'),
  );
  writeFileSync(join(root, 'package.json'), JSON.stringify({ workspaces: ['packages/*'] }));
  const source = join(root, 'packages', 'probe', 'src');
  mkdirSync(source, { recursive: true });
  writeFileSync(
    join(root, 'packages', 'probe', 'package.json'),
    JSON.stringify({ name: '@aalis/probe', dependencies }),
  );
  if (dependencies === undefined)
    copyFileSync(join(tools, 'error-family', 'error-family.ts'), join(source, 'error-family.ts'));
  writeFileSync(join(source, 'probe-error.ts'), base);
  return root;
}

function check(root: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(tools, 'check-error-pattern.mjs'), root], {
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-error-pattern', () => {
  it('passes a base class generated from the template', () => {
    expect(check(workspace(baseErrorSource('probe', undefined, './error-family')))).toMatchObject({
      status: 0,
    });
  });

  it('passes a package above schema-message that imports the shared helper and holds no copy', () => {
    const shared = workspace(baseErrorSource('probe'), { '@aalis/schema-message': '^0.0.0' });
    expect(check(shared)).toMatchObject({ status: 0 });
  });

  it('fails a copy held by a package that depends on schema-message, and the subpath imported without it', () => {
    const copying = workspace(baseErrorSource('probe'), { '@aalis/schema-message': '^0.0.0' });
    copyFileSync(
      join(tools, 'error-family', 'error-family.ts'),
      join(copying, 'packages', 'probe', 'src', 'error-family.ts'),
    );
    const held = check(copying);
    expect(held.status).toBe(1);
    expect(held.output).toContain('import its error-family instead of a copy');
    const undeclared = check(workspace(baseErrorSource('probe')));
    expect(undeclared.status).toBe(1);
    expect(undeclared.output).toContain('imports @aalis/schema-message/error-family without depending on it');
  });

  it('fails a base class of the old code-first shape, naming what it lacks', () => {
    const deviating = `const errorBrand = Symbol.for('@aalis/probe/error');
export class ProbeError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'ProbeError';
    this.code = code;
    Object.defineProperty(this, errorBrand, { value: true });
  }
  static isInstance(value: unknown): value is ProbeError {
    return typeof value === 'object' && value !== null && errorBrand in value;
  }
}
`;
    const { status, output } = check(workspace(deviating));
    expect(status).toBe(1);
    expect(output).toContain('ProbeError lacks `constructor(message: string, options: ProbeErrorOptions)`');
    expect(output).toContain('ProbeError lacks `static { defineIsInstance(ProbeError, brand); }`');
  });

  it('fails a subclass with an isInstance of its own, and a helper copy that drifted', () => {
    const root = workspace(
      `${baseErrorSource('probe', undefined, './error-family')}
export class OddError extends ProbeError {
  static override readonly code = 'ODD';
  static override isInstance(value: unknown): value is OddError {
    return value instanceof OddError;
  }
}
`,
    );
    writeFileSync(join(root, 'packages', 'probe', 'src', 'error-family.ts'), '// drifted\n');
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output).toContain('OddError defines its own isInstance');
    expect(output).toContain('error-family.ts: missing or not identical');
  });
});
