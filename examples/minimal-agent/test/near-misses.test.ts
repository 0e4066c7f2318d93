import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AgentFactory, type Capabilities, runConformance } from '@aalis/agent-conformance';
import { agent } from '@aalis/api-agent';
import { describe, expect, test } from 'vitest';
import { NEAR_MISSES, type NearMiss } from './near-misses';

const SOURCES = fileURLToPath(new URL('../src', import.meta.url));
/** Copies of `src/` with one near miss applied each (ignored by git). */
const COPIES = fileURLToPath(new URL('../.near-misses', import.meta.url));

/** How many times `part` stands in `text`. */
function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** Writes `src/` with the near miss's edits applied to `.near-misses/<name>/src`; returns its entry. */
function writeCopy(nearMiss: NearMiss): string {
  const target = join(COPIES, nearMiss.name, 'src');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const file of readdirSync(SOURCES)) {
    let text = readFileSync(join(SOURCES, file), 'utf8');
    for (const edit of nearMiss.edits.filter((candidate) => candidate.file === file)) {
      const found = occurrences(text, edit.from);
      if (found !== 1)
        throw new Error(
          `near miss ${nearMiss.name}: its edit of ${file} matches ${found} places (the agent changed)`,
        );
      text = text.replace(edit.from, () => edit.to);
    }
    writeFileSync(join(target, file), text);
  }
  return join(target, 'index.ts');
}

/** The near miss as the kit's runner takes it: its plugin loaded into the harness's app. */
async function load(nearMiss: NearMiss): Promise<{ factory: AgentFactory; capabilities: Capabilities }> {
  const module = (await import(writeCopy(nearMiss))) as typeof import('../src/index.js');
  const factory: AgentFactory = (harness) => {
    harness.app.plugin(module.minimalAgentPlugin, { selfIdentity: harness.selfIdentity });
    return harness.app.service(agent).use;
  };
  return { factory, capabilities: module.capabilities };
}

describe('the kit catches near misses of the minimal agent', () => {
  const titled = NEAR_MISSES.map(
    (nearMiss) => [`${nearMiss.breaks.map((id) => `[${id}]`).join(' ')} ${nearMiss.name}`, nearMiss] as const,
  );

  test.each(titled)('%s is reported violating the rule it breaks', async (_title, nearMiss) => {
    const { factory, capabilities } = await load(nearMiss);
    const report = await runConformance({
      implementation: `minimal agent, ${nearMiss.name}`,
      factory,
      capabilities,
      // The cases that name a rule it breaks: the only ones that can report it violated.
      only: nearMiss.breaks,
    });
    const violated = report.requirements
      .filter((entry) => entry.status === 'violated')
      .map((entry) => entry.id);
    expect(violated).toEqual(expect.arrayContaining([...nearMiss.breaks]));
    expect(report.verdict).toBe('fail');
  });

  test('every near miss edits the agent, and each edit still applies to its source', () => {
    for (const nearMiss of NEAR_MISSES) {
      expect(nearMiss.edits.length).toBeGreaterThan(0);
      for (const edit of nearMiss.edits) {
        expect(edit.from, `${nearMiss.name}: an edit that changes nothing`).not.toBe(edit.to);
        const source = readFileSync(join(SOURCES, edit.file), 'utf8');
        expect(occurrences(source, edit.from), `${nearMiss.name} in ${edit.file}`).toBe(1);
      }
    }
  });
});
