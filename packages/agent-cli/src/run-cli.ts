import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { MessageActor } from '@aalis/schema-message';
import type { AgentDatabase } from './agent-database';
import { type ChatModel, chooseModel } from './choose-model';
import { type CliSignals, exitCodeAfter, type TerminationSignal } from './cli-signals';
import { CLI_USAGE } from './cli-usage';
import { CliUsageError } from './cli-usage-error';
import { type AgentApp, createAgentApp } from './create-agent-app';
import { createDrainWatcher } from './create-drain-watcher';
import { createIdFactory } from './create-id-factory';
import { createOutputLogger } from './create-output-logger';
import { openMcpTools } from './open-mcp-tools';
import { openPostgresDatabase } from './open-postgres-database';
import { type CliArguments, parseCliArguments } from './parse-cli-arguments';
import { runChat } from './run-chat';
import { runDemo } from './run-demo';
import { shouldUseColor } from './should-use-color';
import { createTerminalOutput, type TerminalOutput, type TextSink } from './terminal-output';

/** The process the command line runs in. */
export interface CliIo {
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly stdout: TextSink & { readonly isTTY?: boolean };
  readonly stderr: TextSink;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where a relative `--db` and the default `.aalis/` directory are. */
  readonly cwd: string;
  /** Termination signals to handle (`chat` and `demo` stop, drain and close on SIGINT/SIGTERM). */
  readonly signals?: CliSignals;
}

/**
 * Runs `aalis-agent` with the arguments after the program name and resolves with the exit
 * code: 0 on success, 2 for a usage error (message and hint on stderr), 1 for any other
 * failure. `demo` always runs on the scripted model; `chat` uses the model `--provider` names
 * (see `chooseModel`): by default the endpoint of `OPENAI_BASE_URL` when set, else the scripted
 * model, and keeps
 * its history in `--db` or `.aalis/history.db`, or in PostgreSQL with `--database postgres://…`
 * or `AALIS_DATABASE_URL` (history, session settings and generations shared by every process
 * on that database; `AALIS_DATABASE_SCHEMA` names the schema). On SIGINT or SIGTERM `chat` and `demo` stop
 * the running turn, drain the agent and close the history, then exit 0 — or 130 (SIGINT) or
 * 143 (SIGTERM) when the drain had to abandon work at its deadline. `chat` exits 1 when the
 * session's last turn ended as `error`, with the reason on stderr.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let args: CliArguments;
  try {
    args = parseCliArguments(argv);
  } catch (error) {
    if (!CliUsageError.isInstance(error)) throw error;
    io.stderr.write(`aalis-agent: ${error.message}\nRun "aalis-agent help" for the usage.\n`);
    return 2;
  }
  const color = shouldUseColor({ env: io.env, flag: args.color, isTerminal: io.stdout.isTTY === true });
  const output = createTerminalOutput({ sink: io.stdout, color });
  try {
    if (args.command === 'help') output.write(CLI_USAGE);
    else if (args.command === 'version') output.line(readVersion());
    else if (args.command === 'demo') return await demo(args, io, output);
    else return await chat(args, io, output);
    return 0;
  } catch (error) {
    output.endLine();
    io.stderr.write(`aalis-agent: ${error instanceof Error ? error.message : String(error)}\n`);
    return CliUsageError.isInstance(error) ? 2 : 1;
  }
}

async function demo(args: CliArguments, io: CliIo, output: TerminalOutput): Promise<number> {
  if (args.provider !== undefined && args.provider !== 'scripted')
    throw new CliUsageError('the demo runs on the scripted model only; try "chat"');
  if (args.mcp.length > 0 || args.mcpUrl.length > 0)
    throw new CliUsageError('--mcp and --mcp-url are options of "chat"');
  if (args.session !== undefined) throw new CliUsageError('--session is an option of "chat"');
  if (args.database !== undefined) throw new CliUsageError('--database is an option of "chat"');
  const termination = listenForTermination(io);
  const logger = createDrainWatcher(createOutputLogger(output));
  try {
    await runDemo({
      output,
      logger,
      signal: termination.signal,
      ...(args.db === undefined ? {} : { dbPath: databasePath(args.db, io.cwd) }),
    });
  } finally {
    termination.dispose();
  }
  return exitCodeAfter(termination.received(), !logger.drainAbandoned());
}

async function chat(args: CliArguments, io: CliIo, output: TerminalOutput): Promise<number> {
  const model = chooseModel(args.provider, io.env);
  const history = await openHistory(args, io);
  const logger = createDrainWatcher(createOutputLogger(output, { verbose: args.verbose }));
  const app = await closingOnFailure(history, async (opened) => {
    const mcp = await openMcpTools(args, output);
    if (mcp !== undefined) opened.push(() => mcp.close());
    return createAgentApp({
      ...history.target,
      model,
      output,
      ...(mcp === undefined ? {} : { mcp }),
      agent: { createTurnId: createIdFactory('turn'), createCallId: createIdFactory('call'), logger },
    });
  });
  const sessionId = args.session ?? 'cli';
  const modelName = describeModel(model);
  output.line(output.style.dim(`aalis-agent chat · model: ${modelName} · history: ${history.description}`));
  const termination = listenForTermination(io, (signal) => app.agent.abort(sessionId, { reason: signal }));
  try {
    await runChat({
      app,
      input: io.stdin,
      output,
      sessionId,
      user: currentUser(),
      terminal: io.stdin.isTTY === true && io.stdout.isTTY === true,
      stop: termination.signal,
    });
  } finally {
    termination.dispose();
    await app.stop();
  }
  const failed = lastTurnFailure(app, sessionId);
  if (failed !== undefined) {
    io.stderr.write(`aalis-agent: the last turn failed: ${failed}\n`);
    return 1;
  }
  return exitCodeAfter(termination.received(), !logger.drainAbandoned());
}

function describeModel(model: ChatModel): string {
  if (model === 'scripted') return 'the scripted demo model';
  return 'aiSdk' in model ? model.description : `${model.baseURL} (${model.defaultModel})`;
}

/** The error sentence of the session's last turn when it ended as `error` ([OUT-2]). */
function lastTurnFailure(app: AgentApp, sessionId: string): string | undefined {
  const last = app.sessions.getSession(sessionId)?.lastTurn;
  if (last?.outcome !== 'error') return undefined;
  return typeof last.error === 'string'
    ? last.error
    : (last.error?.fallback ?? last.error?.key ?? 'unknown error');
}

/** The first SIGINT or SIGTERM, as a signal to stop on; `onSignal` runs when it comes. */
function listenForTermination(io: CliIo, onSignal?: (signal: TerminationSignal) => void) {
  const controller = new AbortController();
  let received: TerminationSignal | undefined;
  const remove = io.signals?.onTermination((signal) => {
    received = signal;
    onSignal?.(signal);
    controller.abort(signal);
  });
  return {
    signal: controller.signal,
    received: () => received,
    dispose: () => remove?.(),
  };
}

interface ChatHistory {
  readonly target: { readonly dbPath: string } | { readonly database: AgentDatabase };
  readonly description: string;
}

/**
 * Where the chat keeps its history: `--db` (SQLite), else `--database` or
 * `AALIS_DATABASE_URL` (PostgreSQL), else `.aalis/history.db`.
 */
async function openHistory(args: CliArguments, io: CliIo): Promise<ChatHistory> {
  if (args.db !== undefined && args.database !== undefined) {
    throw new CliUsageError('--db (an SQLite file) and --database (PostgreSQL) exclude each other');
  }
  const environmentUrl = io.env.AALIS_DATABASE_URL?.trim() || undefined;
  const url = args.database ?? (args.db === undefined ? environmentUrl : undefined);
  if (url === undefined) {
    const dbPath = databasePath(args.db ?? '.aalis/history.db', io.cwd);
    return { target: { dbPath }, description: dbPath };
  }
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new CliUsageError(
      '--database (or AALIS_DATABASE_URL) takes a postgres:// URL; use --db for an SQLite file',
    );
  }
  const schema = io.env.AALIS_DATABASE_SCHEMA?.trim() || undefined;
  const database = await openPostgresDatabase({ url, ...(schema === undefined ? {} : { schema }) });
  return { target: { database }, description: database.description };
}

/**
 * `make(opened)`, closing an opened database — and whatever `make` pushed onto `opened` — when
 * it throws.
 */
async function closingOnFailure<T>(
  history: ChatHistory,
  make: (opened: Array<() => Promise<void>>) => T | Promise<T>,
): Promise<T> {
  const opened: Array<() => Promise<void>> = [];
  try {
    return await make(opened);
  } catch (error) {
    await Promise.allSettled(opened.map((close) => close()));
    if ('database' in history.target) await history.target.database.close();
    throw error;
  }
}

function databasePath(path: string, cwd: string): string {
  if (path === ':memory:') return path;
  const absolute = resolve(cwd, path);
  try {
    mkdirSync(dirname(absolute), { recursive: true });
  } catch (cause) {
    throw new CliUsageError(`cannot create the directory of ${absolute}`, { cause });
  }
  return absolute;
}

function currentUser(): MessageActor {
  try {
    const name = userInfo().username;
    return name === '' ? { id: 'user' } : { id: name, name };
  } catch {
    return { id: 'user' };
  }
}

function readVersion(): string {
  const manifest = createRequire(import.meta.url)('../package.json') as { readonly version?: string };
  return manifest.version ?? 'unknown';
}
