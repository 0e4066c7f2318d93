import { testDatabaseUrl, uniqueSchema } from '../../../tools/test-postgres/test-database';
import { describeStoreSuite } from '../../archive-adapter/test/store-suite';
import { PostgresArchiveStore } from '../src/index';

// The store suite of @aalis/archive-adapter, the one its in-memory and SQLite stores pass.
describeStoreSuite({
  name: 'PostgresArchiveStore',
  create: async (options) =>
    PostgresArchiveStore.open({
      ...options,
      connectionString: await testDatabaseUrl(),
      schema: uniqueSchema('suite'),
      poolSize: 2,
    }),
});
