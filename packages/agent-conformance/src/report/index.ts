export { InvalidReportError } from '../invalid-report-error';
export { KIT } from '../kit-version';
export { type BadgeLineOptions, badgeLine } from './badge-line';
export { type BuildReportInput, buildReport } from './build-report';
export { REPORT_FORMAT } from './conformance-report';
export { parseReport } from './parse-report';
export { renderMarkdown } from './render-markdown';
export { type ReportVerification, verifyReport } from './verify-report';
