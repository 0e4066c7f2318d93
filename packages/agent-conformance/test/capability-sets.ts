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
};

/** No capability declared. */
export const NO_CAPABILITIES: Capabilities = Object.fromEntries(
  Object.keys(ALL_CAPABILITIES).map((key) => [key, false]),
) as unknown as Capabilities;
