import { InvalidReportError } from '../invalid-report-error';
import { type ConformanceReport, REPORT_FORMAT } from './conformance-report';

/**
 * Reads a report from JSON text. Throws `InvalidReportError` when the text is not JSON or
 * not a report of this format (use `verifyReport` to check its consistency).
 */
export function parseReport(text: string): ConformanceReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new InvalidReportError('the report is not valid JSON', { cause });
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    (value as { format?: unknown }).format !== REPORT_FORMAT
  ) {
    throw new InvalidReportError(`the value is not an ${REPORT_FORMAT}`);
  }
  if ((value as { formatVersion?: unknown }).formatVersion !== 1) {
    throw new InvalidReportError('the report has a format version this kit cannot read');
  }
  return value as ConformanceReport;
}
