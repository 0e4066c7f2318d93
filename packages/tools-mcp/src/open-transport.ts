import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ResolvedServerConfig, ResolvedStdioConfig } from './resolved-server-config';
import { createTextTail } from './text-tail';

/** A transport to one server, not yet started, with what the connection needs besides it. */
export interface OpenedTransport {
  readonly transport: Transport;
  /** The last lines the server wrote to stderr (stdio with `stderr: 'capture'`), else `''`. */
  stderrTail(): string;
  /** Ends a stdio server's process at once (`SIGKILL`), for a server that stopped answering. */
  kill(): void;
}

const stderrLimit = 2048;

/** Makes the transport a server's configuration names: a stdio child process or Streamable HTTP. */
export function openTransport(config: ResolvedServerConfig): OpenedTransport {
  if (config.transport === 'http') {
    const transport = new StreamableHTTPClientTransport(config.url, {
      requestInit: { headers: { ...config.headers } },
    });
    return { transport, stderrTail: () => '', kill: () => {} };
  }
  return openStdio(config);
}

function openStdio(config: ResolvedStdioConfig): OpenedTransport {
  const transport = new StdioClientTransport({
    command: config.command,
    args: [...config.args],
    ...(config.env === undefined ? {} : { env: { ...config.env } }),
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
    stderr: config.stderr === 'capture' ? 'pipe' : config.stderr,
  });
  const tail = createTextTail(stderrLimit);
  transport.stderr?.on('data', (chunk: Buffer | string) => tail.push(String(chunk)));
  return {
    transport,
    stderrTail: tail.read,
    kill: () => {
      const pid = transport.pid;
      if (pid === null) return;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
}
