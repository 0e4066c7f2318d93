import type { AdapterModule } from '@aalis/agent-conformance';
import { agent } from '@aalis/api-agent';
import manifest from '../package.json' with { type: 'json' };
import { capabilities, minimalAgentPlugin } from '../src/index.js';

/**
 * The minimal agent as the kit's runners take it (`./vitest`, `./node-test`, the command line):
 * its plugin loaded into the harness's app, as an app loads it, and what it claims.
 */
const adapter: AdapterModule = {
  implementation: { name: manifest.name, version: manifest.version },
  factory: (harness) => {
    harness.app.plugin(minimalAgentPlugin, { selfIdentity: harness.selfIdentity });
    return harness.app.service(agent).use;
  },
  capabilities,
};

export default adapter;
