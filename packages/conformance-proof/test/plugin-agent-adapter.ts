import type { Capabilities, Harness, ImplementationInfo } from '@aalis/agent-conformance';
import { agent } from '@aalis/api-agent';
import { agentPlugin } from '@aalis/plugin-agent';
import pluginAgentManifest from '@aalis/plugin-agent/package.json' with { type: 'json' };
import { silentLogger } from './support/silent-logger';

/** The implementation under test, named as its package is. */
export const pluginAgentImplementation: ImplementationInfo = {
  name: pluginAgentManifest.name,
  version: pluginAgentManifest.version,
};

/** Every optional part and every [decided] rule: the reference implementation claims them all. */
export const pluginAgentCapabilities: Capabilities = {
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
  // One process per session holds through the SQLite store's exclusive open, which the kit's
  // shared in-memory archive cannot show; across processes it needs leases (not built yet).
  'DUR-3': false,
};

/** Loads plugin-agent into the harness's app and hands the kit the agent's business handle. */
export function pluginAgentFactory(harness: Harness) {
  harness.app.plugin(agentPlugin, { logger: silentLogger, selfIdentity: harness.selfIdentity });
  return harness.app.service(agent).use;
}
