import type { ConformanceReport } from './conformance-report';

/** Options of {@link badgeLine}. */
export interface BadgeLineOptions {
  /** Where the badge links to, e.g. the published Markdown report. */
  readonly link?: string;
}

function escapeBadgeText(text: string): string {
  return encodeURIComponent(text.replace(/-/g, '--').replace(/_/g, '__'));
}

/**
 * A Markdown badge line for a README, e.g.
 * `[![api-agent conformance: 72/74 satisfied](https://img.shields.io/badge/…)](link)`:
 * green for a pass without waivers, yellow for a pass with waivers, not-applicable or (in a
 * run limited with `only`) not-run requirements, red for a failing run.
 */
export function badgeLine(report: ConformanceReport, options: BadgeLineOptions = {}): string {
  const { requirements } = report.summary;
  const total = report.requirements.length;
  const extras = [
    requirements['not-applicable'] > 0 ? `${requirements['not-applicable']} n/a` : undefined,
    requirements.waived > 0 ? `${requirements.waived} waived` : undefined,
    requirements['not-run'] > 0 ? `${requirements['not-run']} not run` : undefined,
    report.verdict === 'fail' ? 'failing' : undefined,
  ].filter((part) => part !== undefined);
  const message = [`${requirements.satisfied}/${total} satisfied`, ...extras].join(', ');
  const color = report.verdict === 'fail' ? 'red' : extras.length > 0 ? 'yellow' : 'brightgreen';
  const label = 'api-agent conformance';
  const url = `https://img.shields.io/badge/${escapeBadgeText(label)}-${escapeBadgeText(message)}-${color}`;
  const image = `![${label}: ${message}](${url})`;
  return options.link === undefined ? image : `[${image}](${options.link})`;
}
