export { AgentClusterError, type AgentClusterErrorOptions } from './agent-cluster-error';
export { ClusterAgent, createClusterAgent } from './cluster-agent';
export type { ClusterAgentOptions } from './cluster-agent-options';
export { ClusterInputError } from './cluster-input-error';
