import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** A Streamable HTTP MCP server on 127.0.0.1, one MCP server per session. */
export interface HttpFixture {
  readonly url: URL;
  /** How many sessions were initialised. */
  sessions(): number;
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1 and an ephemeral port; `createMcpServer` makes each session's server. */
export async function startHttpServer(createMcpServer: () => Server): Promise<HttpFixture> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const servers: Server[] = [];
  let sessions = 0;
  const http = createServer((request, response) => {
    const sessionId = request.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (typeof sessionId === 'string' && known === undefined) {
      response.writeHead(404).end();
      return;
    }
    if (known !== undefined) {
      void known.handleRequest(request, response);
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions += 1;
        transports.set(id, transport);
      },
    });
    const server = createMcpServer();
    servers.push(server);
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    sessions: () => sessions,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
