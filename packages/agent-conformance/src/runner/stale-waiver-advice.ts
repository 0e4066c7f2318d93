import type { ExpectedFailure } from './expected-failure';

/**
 * What to do about a stale waiver, in words: `stale waiver ABT-2 ("not done yet"): every case of
 * ABT-2 that ran passed; remove { id: 'ABT-2' } from expectedFailures`.
 */
export function staleWaiverAdvice(waiver: ExpectedFailure): string {
  const passed = waiver.id.startsWith('case:')
    ? `the case ${waiver.id.slice(5)} passed`
    : `every case of ${waiver.id} that ran passed`;
  return `stale waiver ${waiver.id} (${JSON.stringify(waiver.reason)}): ${passed}; remove { id: '${waiver.id}' } from expectedFailures`;
}
