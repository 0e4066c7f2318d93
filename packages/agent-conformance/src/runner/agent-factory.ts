import type { AgentService, BoundAgent } from '@aalis/api-agent';
import type { Harness } from '../harness/harness';

/**
 * Builds the implementation under test on a fresh harness, once per case. A core-based
 * implementation loads its plugin into `harness.app` and returns `harness.app.service(agent).use`;
 * any other wires itself to `harness.services` and returns its `AgentService` (the kit then
 * provides it as the app's `agent` service).
 */
export type AgentFactory = (
  harness: Harness,
) => AgentService | BoundAgent | Promise<AgentService | BoundAgent>;
