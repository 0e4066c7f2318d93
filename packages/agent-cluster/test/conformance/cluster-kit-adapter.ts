import type { Capabilities, Harness, ImplementationInfo } from '@aalis/agent-conformance';
import { SessionHolds, SessionInbox, SessionLeases } from '@aalis/archive-postgres';
import { type AgentLogger, createAgentService, type DefaultAgentService } from '@aalis/plugin-agent';
import { testDatabaseUrl, uniqueSchema } from '../../../../tools/test-postgres/test-database';
import manifest from '../../package.json' with { type: 'json' };
import { type ClusterAgent, createClusterAgent } from '../../src/index';

/** The implementation under test: the cluster agent, each process over its own plugin-agent. */
export const clusterImplementation: ImplementationInfo = { name: manifest.name, version: manifest.version };

/**
 * What the cluster claims: what its local agent, plugin-agent, claims — the cluster keeps every
 * rule of the contract by handing each session's inputs, in order, to one process's agent — and
 * one process per session ([DUR-3]), which is its own part. Not [LIV-4]: the limit on running
 * turns is each process's local agent's, and the cluster takes sessions in the order their
 * leases are won, so across sessions turns do not open in the order their inputs were received
 * (the kit's admission cases check oldest first across 256 sessions).
 */
export const clusterCapabilities: Capabilities = {
  preprocessors: false,
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
  'LIV-4': false,
  'DUR-1': true,
  'DUR-2': true,
  'DUR-3': true,
};

/** What the processes' cluster agents reported (`onError`) during the run. */
export const clusterReports: unknown[] = [];

const silentLogger: AgentLogger = { info() {}, warn() {}, error() {} };

/**
 * The schema of the cluster a harness belongs to. A case's second process (`context.peer()`)
 * shares the first one's archive, so it joins the first one's cluster: the same schema.
 */
const schemas = new WeakMap<object, string>();

/**
 * plugin-agent's service over the harness's services, wired as its plugin wires it (deletions,
 * token requests, drain) but not provided as the app's `agent`: the cluster agent is, and
 * plugin-agent is the local agent it hands each session's inputs to.
 */
function localAgent(harness: Harness): DefaultAgentService {
  const { services } = harness;
  const local = createAgentService({
    hooks: services.hooks,
    events: services.events,
    llm: services.llm,
    tools: services.tools,
    sessions: services.sessions,
    archive: services.archive,
    memory: services.memory,
    contributions: () => services.contributions.list('agent:prompt'),
    config: { logger: silentLogger, selfIdentity: harness.selfIdentity },
  });
  services.events.on('session:deleted', ({ sessionId, generation }) =>
    local.sessionDeleted(sessionId, generation),
  );
  services.events.on('token:request', (event) => local.answerTokenRequest(event));
  return local;
}

/**
 * One process of a cluster on a fresh schema of the test database, over its own plugin-agent
 * (see `localAgent`). The process drains and closes (its local agent, then its cluster agent,
 * inbox, leases and holds) when the app drains, as an operator's process does on shutdown.
 */
export async function clusterFactory(harness: Harness): Promise<ClusterAgent> {
  const local = localAgent(harness);
  const schema = schemas.get(harness.archive) ?? uniqueSchema('kit');
  schemas.set(harness.archive, schema);
  const connectionString = await testDatabaseUrl();
  const inbox = await SessionInbox.open({ connectionString, schema, poolSize: 10 });
  const leases = await SessionLeases.open({ connectionString, schema, poolSize: 2, ttlMs: 5000 });
  const holds = await SessionHolds.open({ connectionString, schema, poolSize: 2 });
  const cluster = createClusterAgent({
    local,
    inbox,
    leases,
    holds,
    sessions: harness.services.sessions,
    hooks: harness.services.hooks,
    archive: harness.services.archive,
    events: harness.services.events,
    // A session is let go the moment it has nothing to do: every input then makes its way
    // through a claim, and a lease released under a running turn would show at once.
    idleReleaseMs: 0,
    onError: (error) => {
      clusterReports.push(error);
    },
  });
  harness.services.lifecycle.onDrain(async () => {
    await local.drain();
    await cluster.close();
    await Promise.all([holds.close(), leases.close(), inbox.close()]);
  });
  return cluster;
}
