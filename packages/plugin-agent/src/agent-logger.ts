/** Where the agent writes its turn-end lines and isolated failures. */
export interface AgentLogger {
  info(message: string, details?: Readonly<Record<string, unknown>>): void;
  warn(message: string, details?: Readonly<Record<string, unknown>>): void;
  error(message: string, details?: Readonly<Record<string, unknown>>): void;
}

/** A logger writing to the console, one line per entry. */
export const consoleAgentLogger: AgentLogger = {
  info: (message, details) => console.info(`[agent] ${message}`, details ?? ''),
  warn: (message, details) => console.warn(`[agent] ${message}`, details ?? ''),
  error: (message, details) => console.error(`[agent] ${message}`, details ?? ''),
};
