import type { Capabilities } from '../src/index';

/** Every capability declared. */
export const ALL_CAPABILITIES: Capabilities = {
  preprocessors: true,
  'SVC-3': true,
  'SCH-3': true,
  'SCH-6': true,
  'CLR-6': true,
  'CLR-7': true,
  'USG-9': true,
  'OUT-3': true,
  'ARC-9': true,
  'USG-6': true,
  'SET-2': true,
  'OUT-2': true,
  'LIV-1': true,
  'LIV-2': true,
  'LIV-3': true,
  'LIV-4': true,
  'DUR-1': true,
  'DUR-2': true,
  'DUR-3': true,
};

/**
 * What the kit's reference agent claims: every optional part, decided and reference rule, none
 * of the `[beyond]` liveness and durability rules.
 */
export const REFERENCE_CAPABILITIES: Capabilities = {
  ...ALL_CAPABILITIES,
  'LIV-1': false,
  'LIV-2': false,
  'LIV-3': false,
  'LIV-4': false,
  'DUR-1': false,
  'DUR-2': false,
  'DUR-3': false,
};

/** No capability declared. */
export const NO_CAPABILITIES: Capabilities = Object.fromEntries(
  Object.keys(ALL_CAPABILITIES).map((key) => [key, false]),
) as unknown as Capabilities;
