/** Something a user message asks the demo model for. */
export type DemoIntent =
  | { readonly kind: 'clock'; readonly timeZone?: string }
  | { readonly kind: 'arithmetic'; readonly expression: string }
  | { readonly kind: 'story' }
  | { readonly kind: 'greeting' }
  | { readonly kind: 'reminder'; readonly text: string }
  | { readonly kind: 'chat'; readonly text: string };

const CANDIDATE_EXPRESSION = /[-+]?[(\d.][\d.\s()+\-*/%^×÷]*[\d)]/g;
const HAS_OPERATOR = /[\d)]\s*(?:\*\*|[-+*/%^×÷])\s*[-+(]*[\d.(]/;

/**
 * What one user message asks for, in the order the demo model answers: the time (`clock`,
 * optionally "in Area/City"), every arithmetic expression in it, a story; else a greeting,
 * a reminder, or plain chat. Deterministic: the same text gives the same intents.
 */
export function findDemoIntents(text: string): DemoIntent[] {
  const intents: DemoIntent[] = [];
  if (/\b(?:time|clock|date)\b/i.test(text)) {
    const zone = /\bin ([A-Za-z_]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?)/.exec(text)?.[1];
    intents.push(zone === undefined ? { kind: 'clock' } : { kind: 'clock', timeZone: zone });
  }
  for (const match of text.matchAll(CANDIDATE_EXPRESSION)) {
    const expression = match[0].trim();
    if (HAS_OPERATOR.test(expression)) intents.push({ kind: 'arithmetic', expression });
  }
  if (/\bstory\b/i.test(text)) intents.push({ kind: 'story' });
  if (intents.length > 0) return intents;
  const reminder = /^\s*reminder:\s*(.*)$/is.exec(text);
  if (reminder !== null) return [{ kind: 'reminder', text: (reminder[1] ?? '').trim() }];
  if (/^\s*(?:hi|hello|hey)\b/i.test(text)) return [{ kind: 'greeting' }];
  return [{ kind: 'chat', text: text.trim() }];
}
