import { CAPABILITY_KEYS, type CapabilityKey } from '../capabilities';
import { findRequirement } from '../find-requirement';
import { REQUIREMENT_FAMILIES } from '../requirement-families';
import type { RequirementMarker } from '../requirements';
import type { CaseResult } from '../runner/case-result';
import { staleWaiverAdvice } from '../runner/stale-waiver-advice';
import { badgeLine } from './badge-line';
import type { ConformanceReport, RequirementResult } from './conformance-report';
import { FAILING_CASE_STATUSES } from './statuses';

const STATUS_MARKS: Readonly<Record<RequirementResult['status'], string>> = {
  satisfied: '✅ satisfied',
  violated: '❌ violated',
  waived: '⚠️ waived',
  'not-applicable': '➖ not applicable',
  untested: '❔ untested',
  'not-run': '⏭️ not run',
};

/** What the Basis column of the family tables means. */
const BASIS_LEGEND = [
  'Basis: **contract**, the contract text asks it of every implementation; **decided**, the contract is silent and the project decided; **reference**, the contract text attributes it to the reference implementation; **beyond**, past what the contract asks. Any but contract is a capability: declared false, it is not claimed (➖), never violated.',
  '',
];

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function scope(report: ConformanceReport): string[] {
  if (report.only === undefined) return [];
  const notRun = report.summary.requirements['not-run'];
  return [`- Scope: only ${report.only.join(', ')} (${notRun} requirements not run, outside the verdict)`];
}

function header(report: ConformanceReport): string[] {
  const { implementation, kit, contract, summary } = report;
  const name = `${implementation.name}${implementation.version === undefined ? '' : ` ${implementation.version}`}`;
  const counts = Object.entries(summary.requirements)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  const declared = (keys: readonly CapabilityKey[]) =>
    keys.map((key) => `${key} ${report.capabilities[key] ? 'yes' : 'no'}`).join(', ');
  // A requirement with only a reference part ([OUT-2]) has a reference capability too.
  const keysOf = (basis: RequirementMarker) =>
    CAPABILITY_KEYS.filter((key) => {
      const requirement = findRequirement(key);
      if (requirement === undefined) return false;
      return (requirement.referencePart === undefined ? requirement.marker : 'reference') === basis;
    });
  const capabilities = [
    declared(['preprocessors']),
    `decided: ${declared(keysOf('decided'))}`,
    `reference: ${declared(keysOf('reference'))}`,
    `beyond: ${declared(keysOf('beyond'))}`,
  ].join('; ');
  return [
    `# Agent conformance report: ${name}`,
    '',
    badgeLine(report),
    '',
    `- Verdict: **${report.verdict}** (${counts})`,
    ...scope(report),
    `- Kit: ${kit.name} ${kit.version}`,
    `- Contract: ${contract.name}, ${contract.requirements} requirements, digest \`${contract.digest}\``,
    `- Capabilities: ${capabilities}`,
    `- Run: ${report.startedAt}, ${report.cases.length} cases, ${report.durationMs} ms`,
    '',
  ];
}

function caseLine(result: CaseResult): string {
  const waiver = result.waiver === undefined ? '' : ` (waiver: ${cell(result.waiver.reason)})`;
  return `- **${result.status}** ${cell(result.title)}: ${cell(result.message ?? '')}${waiver}`;
}

/** A requirement the run found broken: its text, then the failing cases and their messages. */
function brokenRequirement(report: ConformanceReport, requirement: RequirementResult): string[] {
  const failing = report.cases.filter(
    (result) =>
      requirement.cases.includes(result.id) &&
      FAILING_CASE_STATUSES.has(result.status) &&
      (result.violated.includes(requirement.id) || requirement.status === 'untested'),
  );
  return [
    `### ${STATUS_MARKS[requirement.status]}: ${requirement.id}`,
    '',
    `> ${cell(requirement.text)}`,
    '',
    ...failing.map(caseLine),
    '',
  ];
}

/** What to fix first: each violated or untested requirement with its text and failing cases, and stale waivers. */
function whatFailed(report: ConformanceReport): string[] {
  const broken = report.requirements.filter(
    (requirement) => requirement.status === 'violated' || requirement.status === 'untested',
  );
  if (broken.length === 0 && report.staleWaivers.length === 0) return [];
  const lines = ['## What failed', ''];
  for (const requirement of broken) lines.push(...brokenRequirement(report, requirement));
  for (const waiver of report.staleWaivers) lines.push(`- ${cell(staleWaiverAdvice(waiver))}`);
  if (report.staleWaivers.length > 0) lines.push('');
  return lines;
}

function caseCounts(requirement: RequirementResult, cases: readonly CaseResult[]): string {
  const naming = cases.filter((result) => requirement.cases.includes(result.id));
  if (naming.length === 0) return 'not run';
  const passed = naming.filter((result) => result.outcome === 'passed').length;
  return `${passed}/${naming.length} passed`;
}

/**
 * Where a requirement comes from: `contract`, `decided`, `reference` or `beyond`; `contract,
 * part reference` when only a part is the reference implementation's ([OUT-2]); `(not claimed)`
 * (`reference part not claimed`) when its capability was declared false.
 */
function basisCell(report: ConformanceReport, requirement: RequirementResult): string {
  // Reports written before the basis was recorded carry only `decided`.
  const basis = requirement.basis ?? (requirement.decided ? 'decided' : 'contract');
  const key = CAPABILITY_KEYS.find((candidate) => candidate === requirement.id);
  const claimed = key === undefined || report.capabilities[key] !== false;
  if (requirement.referencePart !== undefined)
    return claimed ? `${basis}, part reference` : `${basis}, reference part not claimed`;
  return claimed ? basis : `${basis} (not claimed)`;
}

function family(report: ConformanceReport, id: string, title: string): string[] {
  const requirements = report.requirements.filter((requirement) => requirement.family === id);
  const lines = [`## ${id} — ${title}`, '', '| Requirement | Basis | Status | Cases |', '|---|---|---|---|'];
  for (const requirement of requirements) {
    lines.push(
      `| ${requirement.id} | ${basisCell(report, requirement)} | ${STATUS_MARKS[requirement.status]} | ${caseCounts(requirement, report.cases)} |`,
    );
  }
  const ids = new Set(requirements.map((requirement) => requirement.id));
  // A case is listed under the family of the first requirement it names; failures are listed
  // with their requirement's text under "What failed".
  const noteworthy = report.cases.filter(
    (result) =>
      ids.has(result.requirements[0] ?? '') &&
      (result.status === 'waived' || result.status === 'stale-waiver'),
  );
  if (noteworthy.length > 0) lines.push('', ...noteworthy.map(caseLine));
  lines.push('');
  return lines;
}

function waivers(report: ConformanceReport): string[] {
  if (report.expectedFailures.length === 0) return [];
  const stale = new Set(report.staleWaivers.map((waiver) => waiver.id));
  const lines = ['## Expected failures', '', '| Id | Reason | Stale |', '|---|---|---|'];
  for (const waiver of report.expectedFailures) {
    const advice = stale.has(waiver.id) ? 'yes: it waives nothing, remove it from expectedFailures' : 'no';
    lines.push(`| ${waiver.id} | ${cell(waiver.reason)} | ${advice} |`);
  }
  lines.push('');
  return lines;
}

/**
 * Renders a report as Markdown: a header with the verdict, badge, scope, kit, contract digest
 * and capabilities; then what failed (each violated or untested requirement with its text and
 * the failing cases' messages, and the stale waivers to remove); then one table per requirement
 * family (basis, status and passed cases per requirement, waived cases under it); then the
 * waivers.
 */
export function renderMarkdown(report: ConformanceReport): string {
  const lines = [...header(report), ...whatFailed(report), ...BASIS_LEGEND];
  for (const { id, title } of REQUIREMENT_FAMILIES) lines.push(...family(report, id, title));
  lines.push(...waivers(report));
  return `${lines.join('\n').trimEnd()}\n`;
}
