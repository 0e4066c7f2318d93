import type { Harness } from '@aalis/agent-conformance';
import type { AgentService } from '@aalis/api-agent';
import {
  type AgentConfig,
  type AgentDependencies,
  createAgentService,
  type DefaultAgentService,
} from '@aalis/plugin-agent';
import { silentLogger } from './silent-logger';

/** The collaborators plugin-agent works with, as a mutant may replace them (absent: `undefined`). */
export interface Collaborators {
  readonly hooks: AgentDependencies['hooks'];
  readonly events: AgentDependencies['events'];
  readonly llm: AgentDependencies['llm'];
  readonly tools: AgentDependencies['tools'];
  readonly sessions: AgentDependencies['sessions'];
  readonly archive: AgentDependencies['archive'];
  readonly memory: AgentDependencies['memory'];
}

/** How a mutant changes plugin-agent: what it hands the agent, and what it makes of the agent. */
export interface MutantWiring {
  /** Replaces collaborators before plugin-agent sees them (default: the harness's own). */
  readonly collaborators?: (collaborators: Collaborators) => Collaborators;
  /** Changes plugin-agent's config (default: the silent logger and the harness's identities). */
  readonly config?: (config: AgentConfig) => AgentConfig;
  /** Wraps the service plugin-agent returns (default: the service as it is). */
  readonly service?: (service: DefaultAgentService) => AgentService;
}

/**
 * Builds plugin-agent on the harness the way its plugin does (`createAgentService` over the
 * harness's services, the `session:deleted` and `token:request` listeners, the drain), with
 * the collaborators and the returned service passed through `wiring`. Without wiring it is
 * plugin-agent unchanged: the control the mutants are measured against.
 */
export function buildPluginAgent(harness: Harness, wiring: MutantWiring = {}): AgentService {
  const { services } = harness;
  const own: Collaborators = {
    hooks: services.hooks,
    events: services.events,
    llm: services.llm,
    tools: services.tools,
    sessions: services.sessions,
    archive: services.archive,
    memory: services.memory,
  };
  const collaborators = wiring.collaborators?.(own) ?? own;
  const config: AgentConfig = { logger: silentLogger, selfIdentity: harness.selfIdentity };
  const agent = createAgentService({
    ...collaborators,
    contributions: () => services.contributions.list('agent:prompt'),
    config: wiring.config?.(config) ?? config,
  });
  services.events.on('session:deleted', ({ sessionId, generation }) =>
    agent.sessionDeleted(sessionId, generation),
  );
  services.events.on('token:request', (event) => agent.answerTokenRequest(event));
  services.lifecycle.onDrain(() => agent.drain());
  return wiring.service?.(agent) ?? agent;
}
