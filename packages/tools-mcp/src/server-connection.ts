import type { Tool, ToolArguments, ToolCallContext, ToolResult } from '@aalis/api-tools';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type Tool as McpTool, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { acceptAnyOutput } from './accept-any-output';
import { clip } from './clip';
import { createMcpTool } from './create-mcp-tool';
import { type ListedTools, listServerTools } from './list-server-tools';
import { McpCallAbortedError } from './mcp-call-aborted-error';
import { mcpResultToToolResult } from './mcp-result-to-tool-result';
import { McpServerClosedError } from './mcp-server-closed-error';
import type { McpServerState, McpServerStatus } from './mcp-server-status';
import { McpServerUnavailableError } from './mcp-server-unavailable-error';
import type { McpSession } from './mcp-session';
import { openTransport } from './open-transport';
import { raceAbort } from './race-abort';
import { reconnectDelay } from './reconnect-delay';
import type { ResolvedServerConfig } from './resolved-server-config';
import { toCallError } from './to-call-error';
import { toConnectError } from './to-connect-error';
import type { ToolNameRegistry } from './tool-name-registry';
import type { ToolsMcpError } from './tools-mcp-error';

/** Options of a {@link ServerConnection}. */
export interface ServerConnectionOptions {
  readonly config: ResolvedServerConfig;
  readonly names: ToolNameRegistry;
  readonly maxResultChars: number;
  /** Called when the server's tools changed (added, removed, redefined). */
  readonly onToolsChanged: () => void;
  /** Called with every failure of the connection (not of single calls). */
  readonly onError: (error: ToolsMcpError) => void;
}

interface ToolEntry {
  readonly tool: Tool;
  readonly fingerprint: string;
}

/** The longest a ping may take after a call timed out, in milliseconds. */
const maxPingTimeout = 5_000;

/**
 * The connection to one MCP server: connects, lists its tools as `Tool`s, calls them, follows
 * `list_changed`, and opens a new session after the server went away — lazily, on the next
 * call, with a growing delay between failed attempts; a server that has no tools listed (it
 * failed at start) is tried again in the background after each delay.
 */
export class ServerConnection {
  readonly #options: ServerConnectionOptions;
  readonly #closed = new AbortController();
  readonly #ending = new Set<Promise<void>>();
  #state: McpServerState = 'connecting';
  #session: McpSession | undefined;
  #connecting: Promise<McpSession> | undefined;
  #failures = 0;
  #retryAt = 0;
  #lastError: string | undefined;
  #entries = new Map<string, ToolEntry>();
  #leftOut = 0;
  #closing: Promise<void> | undefined;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: ServerConnectionOptions) {
    this.#options = options;
  }

  /** Connects once; resolves when connected or failed (the failure is kept in the status). */
  async start(): Promise<void> {
    await this.#ready(undefined, undefined).catch(() => {});
  }

  /** The server's tools as they are offered now. */
  tools(): Tool[] {
    return [...this.#entries.values()].map((entry) => entry.tool);
  }

  /** What a `/tools` listing shows of this server. */
  status(): McpServerStatus {
    const { config } = this.#options;
    return {
      name: config.name,
      transport: config.transport,
      target: config.target,
      state: this.#state,
      tools: [...this.#entries].map(([mcpName, entry]) => ({
        name: entry.tool.name,
        mcpName: clip(mcpName, 200),
      })),
      toolsLeftOut: this.#leftOut,
      ...(this.#lastError === undefined ? {} : { lastError: this.#lastError }),
    };
  }

  /**
   * Calls a tool: waits for a session (honouring the call's signal), sends `tools/call` with
   * the call's signal and the server's `callTimeout`, and maps the answer or the failure.
   */
  async call(mcpName: string, args: ToolArguments, context: ToolCallContext): Promise<ToolResult> {
    const { config, maxResultChars } = this.#options;
    const session = await this.#ready(context.signal, mcpName);
    try {
      const result = await session.client.callTool({ name: mcpName, arguments: args }, undefined, {
        // A signal of its own per call: the SDK never removes its listener from the one it gets.
        signal: AbortSignal.any([context.signal]),
        timeout: config.callTimeout,
      });
      return mcpResultToToolResult(result, maxResultChars);
    } catch (error) {
      throw this.#callFailed(error, { session, mcpName, signal: context.signal });
    }
  }

  /** Closes the session, ends a stdio server's process and withdraws the tools; idempotent. */
  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    this.#state = 'closed';
    clearTimeout(this.#retryTimer);
    this.#closed.abort(new Error('closed'));
    if (this.#session !== undefined) this.#end(this.#session, false);
    await this.#connecting?.catch(() => {});
    this.#apply({ tools: [], leftOut: 0 });
    while (this.#ending.size > 0) await Promise.all([...this.#ending]);
  }

  async #ready(signal: AbortSignal | undefined, toolName: string | undefined): Promise<McpSession> {
    const aborted = () =>
      new McpCallAbortedError({
        serverName: this.#options.config.name,
        toolName: toolName ?? '',
        cause: signal?.reason,
      });
    if (signal?.aborted) throw aborted();
    const health = this.#session?.health;
    if (health !== undefined) await raceAbort(health, signal, aborted);
    if (this.#session !== undefined) return this.#session;
    return raceAbort(this.#connect(), signal, aborted);
  }

  #connect(): Promise<McpSession> {
    const serverName = this.#options.config.name;
    if (this.#state === 'closed')
      return Promise.reject(
        new McpServerUnavailableError({ serverName, reason: 'its tool source was closed' }),
      );
    if (this.#connecting !== undefined) return this.#connecting;
    const wait = this.#retryAt - Date.now();
    if (wait > 0) {
      const reason = `${this.#lastError ?? 'connecting failed'} (next attempt in ${Math.ceil(wait / 1000)} s)`;
      return Promise.reject(new McpServerUnavailableError({ serverName, reason }));
    }
    this.#state = 'connecting';
    const connecting = this.#attempt().finally(() => {
      this.#connecting = undefined;
    });
    this.#connecting = connecting;
    return connecting;
  }

  async #attempt(): Promise<McpSession> {
    try {
      const { session, listed } = await this.#open();
      if (this.#state === 'closed') {
        this.#end(session, false);
        throw new McpServerUnavailableError({
          serverName: this.#options.config.name,
          reason: 'its tool source was closed',
        });
      }
      this.#session = session;
      this.#state = 'connected';
      this.#failures = 0;
      this.#lastError = undefined;
      this.#apply(listed);
      if (session.refreshAgain) this.#refresh(session);
      return session;
    } catch (error) {
      const failure = toConnectError(error, {
        serverName: this.#options.config.name,
        closed: this.#closed.signal,
      });
      if (this.#state !== 'closed') {
        this.#failures += 1;
        this.#retryAt = Date.now() + reconnectDelay(this.#failures);
        this.#fail(failure);
        if (this.#entries.size === 0) this.#retryLater();
      }
      throw failure;
    }
  }

  /**
   * A server with no tools listed gets no call that would bring it back: try again once its
   * backoff has passed (1 s, 2 s, … 30 s), until it connects or the source closes.
   */
  #retryLater(): void {
    if (this.#retryTimer !== undefined) return;
    this.#retryTimer = setTimeout(
      () => {
        this.#retryTimer = undefined;
        // A timer may fire a millisecond before the wall clock reaches the backoff's end, when
        // `#connect` would refuse without trying and nothing would try again: wait it out.
        if (this.#retryAt > Date.now()) this.#retryLater();
        else this.#connect().catch(() => {});
      },
      Math.max(0, this.#retryAt - Date.now()),
    );
    this.#retryTimer.unref?.();
  }

  async #open(): Promise<{ session: McpSession; listed: ListedTools }> {
    const { config } = this.#options;
    const session = this.#newSession();
    const deadline = Date.now() + config.connectTimeout;
    try {
      const signal = this.#closed.signal;
      await session.client.connect(session.opened.transport, {
        timeout: config.connectTimeout,
        // A signal of its own per request: the SDK never removes the listener it adds.
        signal: AbortSignal.any([signal]),
      });
      const timeout = Math.max(1, deadline - Date.now());
      const listed = await listServerTools(session.client, { maxTools: config.maxTools, timeout, signal });
      return { session, listed };
    } catch (error) {
      this.#end(session, true);
      // A process that failed at start may still have stderr in flight: let it arrive first.
      await new Promise((resolve) => setImmediate(resolve));
      throw toConnectError(error, {
        serverName: config.name,
        closed: this.#closed.signal,
        stderrTail: session.opened.stderrTail(),
        timeoutMs: config.connectTimeout,
      });
    }
  }

  #newSession(): McpSession {
    const opened = openTransport(this.#options.config);
    const client = new Client(
      { name: '@aalis/tools-mcp', version: '0.0.0' },
      { capabilities: {}, jsonSchemaValidator: acceptAnyOutput },
    );
    const session: McpSession = {
      client,
      opened,
      ended: false,
      health: undefined,
      refreshing: undefined,
      refreshAgain: false,
    };
    client.onclose = () => this.#lost(session);
    // Transport errors surface as failed requests or a close; there is nothing else to do with them.
    client.onerror = () => {};
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.#refresh(session));
    return session;
  }

  #callFailed(
    error: unknown,
    call: { session: McpSession; mcpName: string; signal: AbortSignal },
  ): ToolsMcpError {
    const { config } = this.#options;
    const failure = toCallError(error, {
      serverName: config.name,
      toolName: call.mcpName,
      signal: call.signal,
      timeoutMs: config.callTimeout,
      closedDetail: () => call.session.opened.stderrTail(),
    });
    if (failure.code === 'MCP_CALL_TIMEOUT') this.#checkHealth(call.session);
    else if (failure.code === 'MCP_SERVER_CLOSED') this.#lost(call.session, failure);
    return failure;
  }

  /** After a timeout: a server that does not answer a ping either is hung, and is ended. */
  #checkHealth(session: McpSession): void {
    if (session.ended || session.health !== undefined) return;
    const timeout = Math.min(this.#options.config.callTimeout, maxPingTimeout);
    session.health = session.client
      .ping({ timeout, signal: AbortSignal.any([this.#closed.signal]) })
      .then(
        () => {},
        (cause: unknown) => {
          const serverName = this.#options.config.name;
          this.#lost(
            session,
            new McpServerClosedError({ serverName, detail: 'it stopped answering', cause }),
            true,
          );
        },
      )
      .finally(() => {
        session.health = undefined;
      });
  }

  /** The session went away (closed, failed, hung): the next call opens a new one. */
  #lost(session: McpSession, failure?: ToolsMcpError, kill = false): void {
    if (session.ended) return;
    const current = this.#session === session;
    this.#end(session, kill);
    if (!current || this.#state === 'closed') return;
    const serverName = this.#options.config.name;
    this.#fail(failure ?? new McpServerClosedError({ serverName, detail: session.opened.stderrTail() }));
  }

  #end(session: McpSession, kill: boolean): void {
    session.ended = true;
    if (this.#session === session) this.#session = undefined;
    if (kill) session.opened.kill();
    const ending = session.client.close().catch(() => {});
    this.#ending.add(ending);
    void ending.finally(() => this.#ending.delete(ending));
  }

  #fail(failure: ToolsMcpError): void {
    this.#state = 'failed';
    this.#lastError = failure.message;
    this.#options.onError(failure);
  }

  #refresh(session: McpSession): void {
    if (session.ended) return;
    if (session !== this.#session || session.refreshing !== undefined) {
      session.refreshAgain = true;
      return;
    }
    session.refreshing = this.#relist(session)
      .catch((error: unknown) => {
        if (session.ended) return;
        const failure = toConnectError(error, {
          serverName: this.#options.config.name,
          closed: this.#closed.signal,
        });
        this.#lastError = failure.message;
        this.#options.onError(failure);
      })
      .finally(() => {
        session.refreshing = undefined;
      });
  }

  async #relist(session: McpSession): Promise<void> {
    const { config } = this.#options;
    do {
      session.refreshAgain = false;
      const listed = await listServerTools(session.client, {
        maxTools: config.maxTools,
        timeout: config.callTimeout,
        signal: this.#closed.signal,
      });
      if (session !== this.#session) return;
      this.#apply(listed);
    } while (session.refreshAgain);
  }

  /** Makes `listed` the offered tools: keeps unchanged ones, names new ones, releases removed ones. */
  #apply(listed: ListedTools): void {
    const { config, names } = this.#options;
    const next = new Map<string, ToolEntry>();
    let changed = false;
    for (const listedTool of listed.tools) {
      const fingerprint = fingerprintOf(listedTool);
      const kept = this.#entries.get(listedTool.name);
      if (kept?.fingerprint === fingerprint) {
        next.set(listedTool.name, kept);
        continue;
      }
      changed = true;
      const name = names.claim(config.name, listedTool.name);
      const call = (mcpName: string, args: ToolArguments, context: ToolCallContext) =>
        this.call(mcpName, args, context);
      next.set(listedTool.name, {
        fingerprint,
        tool: createMcpTool({ name, serverName: config.name, listed: listedTool, call }),
      });
    }
    for (const mcpName of this.#entries.keys()) {
      if (next.has(mcpName)) continue;
      names.release(config.name, mcpName);
      changed = true;
    }
    this.#entries = next;
    this.#leftOut = listed.leftOut;
    if (changed) this.#options.onToolsChanged();
  }
}

function fingerprintOf(tool: McpTool): string {
  return JSON.stringify([tool.title, tool.description, tool.inputSchema]);
}
