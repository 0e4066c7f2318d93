import { CAPABILITY_KEYS } from '../capabilities';
import { REQUIREMENT_FAMILIES } from '../requirement-families';
import type { CaseResult } from '../runner/case-result';
import { badgeLine } from './badge-line';
import type { ConformanceReport, RequirementResult } from './conformance-report';
import { FAILING_CASE_STATUSES } from './statuses';

const STATUS_MARKS: Readonly<Record<RequirementResult['status'], string>> = {
  satisfied: '✅ satisfied',
  violated: '❌ violated',
  waived: '⚠️ waived',
  'not-applicable': '➖ not applicable',
  untested: '❔ untested',
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function header(report: ConformanceReport): string[] {
  const { implementation, kit, contract, summary } = report;
  const name = `${implementation.name}${implementation.version === undefined ? '' : ` ${implementation.version}`}`;
  const counts = Object.entries(summary.requirements)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  const capabilities = CAPABILITY_KEYS.map((key) => `${key} ${report.capabilities[key] ? 'yes' : 'no'}`).join(
    ', ',
  );
  return [
    `# Agent conformance report: ${name}`,
    '',
    badgeLine(report),
    '',
    `- Verdict: **${report.verdict}** (${counts})`,
    `- Kit: ${kit.name} ${kit.version}`,
    `- Contract: ${contract.name}, ${contract.requirements} requirements, digest \`${contract.digest}\``,
    `- Capabilities: ${capabilities}`,
    `- Run: ${report.startedAt}, ${report.cases.length} cases, ${report.durationMs} ms`,
    '',
  ];
}

function caseCounts(requirement: RequirementResult, cases: readonly CaseResult[]): string {
  const naming = cases.filter((result) => requirement.cases.includes(result.id));
  if (naming.length === 0) return 'not run';
  const passed = naming.filter((result) => result.outcome === 'passed').length;
  return `${passed}/${naming.length} passed`;
}

function family(report: ConformanceReport, id: string, title: string): string[] {
  const requirements = report.requirements.filter((requirement) => requirement.family === id);
  const lines = [`## ${id} — ${title}`, '', '| Requirement | Status | Cases |', '|---|---|---|'];
  for (const requirement of requirements) {
    const decided = requirement.decided ? ' [decided]' : '';
    lines.push(
      `| ${requirement.id}${decided} | ${STATUS_MARKS[requirement.status]} | ${caseCounts(requirement, report.cases)} |`,
    );
  }
  const ids = new Set(requirements.map((requirement) => requirement.id));
  // A case is listed under the family of the first requirement it names.
  const noteworthy = report.cases.filter(
    (result) =>
      ids.has(result.requirements[0] ?? '') &&
      (FAILING_CASE_STATUSES.has(result.status) || result.status === 'waived'),
  );
  if (noteworthy.length > 0) {
    lines.push('');
    for (const result of noteworthy) {
      const waiver = result.waiver === undefined ? '' : ` (waiver: ${result.waiver.reason})`;
      lines.push(`- **${result.status}** ${cell(result.title)}: ${cell(result.message ?? '')}${waiver}`);
    }
  }
  lines.push('');
  return lines;
}

function waivers(report: ConformanceReport): string[] {
  if (report.expectedFailures.length === 0) return [];
  const stale = new Set(report.staleWaivers.map((waiver) => waiver.id));
  const lines = ['## Expected failures', '', '| Id | Reason | Stale |', '|---|---|---|'];
  for (const waiver of report.expectedFailures) {
    lines.push(
      `| ${waiver.id} | ${cell(waiver.reason)} | ${stale.has(waiver.id) ? 'yes: remove it' : 'no'} |`,
    );
  }
  lines.push('');
  return lines;
}

/**
 * Renders a report as Markdown: a header with the verdict, badge, kit, contract digest and
 * capabilities, then one table per requirement family (status and passed cases per
 * requirement, with the failing and waived cases listed under it), then the waivers.
 */
export function renderMarkdown(report: ConformanceReport): string {
  const lines = [...header(report)];
  for (const { id, title } of REQUIREMENT_FAMILIES) lines.push(...family(report, id, title));
  lines.push(...waivers(report));
  return `${lines.join('\n').trimEnd()}\n`;
}
