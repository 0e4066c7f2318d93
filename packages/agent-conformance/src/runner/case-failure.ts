/** How a case failed, before leaks and waivers are considered. */
export interface CaseFailure {
  readonly outcome: 'failed' | 'timeout';
  readonly violated: readonly string[];
  readonly message: string;
}
