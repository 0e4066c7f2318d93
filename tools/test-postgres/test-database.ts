import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type {} from './provided-context';

let runDatabase: Promise<string> | undefined;

/**
 * The URL of this test run's PostgreSQL database, shared by every test file of the run and
 * dropped after it (see `global-setup.ts`). The first call may start the server.
 */
export function testDatabaseUrl(): Promise<string> {
  runDatabase ??= fetch(inject('aalisPostgresBroker')).then(async (response) => {
    const text = await response.text();
    if (!response.ok) throw new Error(`no test database: ${text}`);
    return text;
  });
  return runDatabase;
}

const schemas: string[] = [];

// Registered while the importing test file is collected, so it runs after that file.
afterAll(async () => {
  if (schemas.length === 0) return;
  const client = new pg.Client({ connectionString: await testDatabaseUrl() });
  client.on('error', () => undefined);
  await client.connect();
  try {
    for (const schema of schemas.splice(0)) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
});

/** A schema name no other test uses; it is dropped after the test file. */
export function uniqueSchema(prefix = 't'): string {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  return schema;
}
