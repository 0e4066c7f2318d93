import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A consumer module compiled in its own TypeScript program, so that the only way it can
// see the agent's hook keys is by importing @aalis/api-agent ([HK-10]).
const consumerPath = join(fileURLToPath(new URL('.', import.meta.url)), '__hook-keys-consumer__.ts');

const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ['@aalis/source'],
  lib: ['lib.es2023.d.ts'],
  types: ['node'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
};

function consumerErrors(source: string): string[] {
  const host = ts.createCompilerHost(compilerOptions);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    fileName === consumerPath
      ? ts.createSourceFile(fileName, source, languageVersion)
      : getSourceFile(fileName, languageVersion, ...rest);
  host.fileExists = (fileName) => fileName === consumerPath || fileExists(fileName);
  const program = ts.createProgram({ rootNames: [consumerPath], options: compilerOptions, host });
  const consumer = program.getSourceFile(consumerPath);
  return [...program.getSyntacticDiagnostics(consumer), ...program.getSemanticDiagnostics(consumer)].map(
    (diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  );
}

const usesHookKeys = `
import type { HookContextMap } from '@aalis/api-hooks';
export const turnIdOf = (payload: HookContextMap['agent:turn:before']): string => payload.turnId;
export const outcomeOf = (payload: HookContextMap['agent:turn:after']): string => payload.outcome;
`;

describe('[HK-10] hook keys by declaration merging', () => {
  it('type-check in a module that imports a value of @aalis/api-agent', () => {
    const source = `import { agent } from '@aalis/api-agent';\nexport const name: string = agent.name;\n${usesHookKeys}`;
    expect(consumerErrors(source)).toEqual([]);
  });

  it('type-check in a module that only has a side-effect import of @aalis/api-agent', () => {
    expect(consumerErrors(`import '@aalis/api-agent';\n${usesHookKeys}`)).toEqual([]);
  });

  it('are unknown to a module that does not import @aalis/api-agent', () => {
    const errors = consumerErrors(usesHookKeys);
    expect(errors.some((error) => error.includes("'agent:turn:before'"))).toBe(true);
  });
});
