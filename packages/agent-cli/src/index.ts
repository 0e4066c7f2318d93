export { AgentCliError, type AgentCliErrorOptions } from './agent-cli-error';
export type { AgentDatabase, AppSessionManager, SessionWiring } from './agent-database';
export { ArithmeticRangeError } from './arithmetic-range-error';
export { ArithmeticSyntaxError } from './arithmetic-syntax-error';
export { arithmeticTool } from './arithmetic-tool';
export { type ChatModel, chooseModel } from './choose-model';
export { type CliSignals, exitCodeAfter, processSignals, type TerminationSignal } from './cli-signals';
export { CLI_USAGE } from './cli-usage';
export { CliUsageError } from './cli-usage-error';
export {
  type ActivityPrinter,
  type ActivityPrinterOptions,
  createActivityPrinter,
} from './create-activity-printer';
export {
  type AgentApp,
  type ClearHistoryOptions,
  type CreateAgentAppOptions,
  createAgentApp,
  DEFAULT_SYSTEM_PROMPT,
} from './create-agent-app';
export { createBuiltInTools } from './create-built-in-tools';
export { type ClockToolOptions, createClockTool } from './create-clock-tool';
export { createDemoModel, DEMO_MODEL_REF, type DemoModelOptions } from './create-demo-model';
export { createDrainWatcher, type DrainWatcher } from './create-drain-watcher';
export { createIdFactory } from './create-id-factory';
export { createOutputLogger, type OutputLoggerOptions } from './create-output-logger';
export {
  createSessionManager,
  type InMemorySessionManager,
  type SessionManagerOptions,
  type SessionSpec,
} from './create-session-manager';
export { createToolRegistry, type ToolRegistry } from './create-tool-registry';
export { DemoStepError } from './demo-step-error';
export { evaluateArithmetic } from './evaluate-arithmetic';
export { formatTimeline, type TimelineFormatOptions } from './format-timeline';
export { formatToolListing, type ToolListingOptions } from './format-tool-listing';
export { formatUsageBars, type UsageBarsOptions } from './format-usage-bars';
export { type CliMcpServer, mcpServerConfigs } from './mcp-server-configs';
export type { AppendListener, ArchiveFeed } from './observe-archive';
export { type McpArguments, openMcpTools } from './open-mcp-tools';
export { type OpenPostgresDatabaseOptions, openPostgresDatabase } from './open-postgres-database';
export { CHAT_COMMANDS, type ChatCommandName, type ChatLine, parseChatLine } from './parse-chat-line';
export {
  CLI_COMMANDS,
  CLI_PROVIDERS,
  type CliArguments,
  type CliCommand,
  type CliProvider,
  parseCliArguments,
} from './parse-cli-arguments';
export { type RunChatOptions, runChat } from './run-chat';
export { type ChatCommandContext, runChatCommand } from './run-chat-command';
export { type CliIo, runCli } from './run-cli';
export { DEMO_TIME, type RunDemoOptions, runDemo } from './run-demo';
export { type ColorChoice, shouldUseColor } from './should-use-color';
export { splitCommandLine } from './split-command-line';
export {
  createTerminalOutput,
  type TerminalOutput,
  type TerminalOutputOptions,
  type TextSink,
  type TextStyles,
} from './terminal-output';
