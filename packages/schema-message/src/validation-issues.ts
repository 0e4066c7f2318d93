import type { z } from 'zod';
import type { ValidationIssue } from './message-validation-error';

/** Turns zod issues into `ValidationIssue`s with dotted field paths (not public API). */
export function validationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
