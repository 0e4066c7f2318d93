import type { AgentLogger } from '@aalis/plugin-agent';

/** A logger that keeps the test output clean: plugin-agent logs every turn end. */
export const silentLogger: AgentLogger = { info() {}, warn() {}, error() {} };
