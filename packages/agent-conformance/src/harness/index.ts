export type { Clock } from './clock';
export type { ContributionProbe } from './contribution-probe';
export { createHarness, HARNESS_PROVIDER } from './create-harness';
export type {
  Harness,
  HarnessEvents,
  HarnessHooks,
  HarnessOptions,
  HarnessServices,
  InputFields,
} from './harness';
export type { HarnessFault } from './harness-fault';
export type { Ids } from './ids';
