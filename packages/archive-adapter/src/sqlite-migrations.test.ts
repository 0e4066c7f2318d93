import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { UnsupportedSchemaVersionError } from './index';
import {
  migrateSqlite,
  SQLITE_MIGRATIONS,
  SQLITE_SCHEMA_VERSION,
  type SqliteMigration,
} from './sqlite-migrations';

const databases: Database.Database[] = [];
const openDatabase = () => {
  const database = new Database(':memory:');
  databases.push(database);
  return database;
};
afterEach(() => {
  for (const database of databases.splice(0)) database.close();
});

const version = (database: Database.Database) =>
  (database.prepare('SELECT version FROM schema_version').get() as { version: number }).version;

describe('migrateSqlite', () => {
  it('numbers the shipped migrations 1, 2, … so the newest is the schema version', () => {
    expect(SQLITE_MIGRATIONS.map((migration) => migration.version)).toEqual(
      Array.from({ length: SQLITE_SCHEMA_VERSION }, (_, index) => index + 1),
    );
  });

  it('applies only the steps above the recorded version, in order, keeping the rows', () => {
    const database = openDatabase();
    const first: SqliteMigration[] = [{ version: 1, sql: 'CREATE TABLE notes (text TEXT)' }];
    migrateSqlite(database, first);
    database.prepare("INSERT INTO notes VALUES ('kept')").run();
    const later: SqliteMigration[] = [
      ...first,
      { version: 2, sql: 'ALTER TABLE notes ADD COLUMN author TEXT' },
      { version: 3, sql: "UPDATE notes SET author = 'migrated'" },
    ];
    migrateSqlite(database, later);
    migrateSqlite(database, later);
    expect(version(database)).toBe(3);
    expect(database.prepare('SELECT * FROM notes').all()).toEqual([{ text: 'kept', author: 'migrated' }]);
  });

  it('leaves the file at its old version when a step fails', () => {
    const database = openDatabase();
    migrateSqlite(database, [{ version: 1, sql: 'CREATE TABLE notes (text TEXT)' }]);
    const broken: SqliteMigration[] = [
      { version: 1, sql: 'CREATE TABLE notes (text TEXT)' },
      { version: 2, sql: 'CREATE TABLE extra (x)' },
      { version: 3, sql: 'THIS IS NOT SQL' },
    ];
    expect(() => migrateSqlite(database, broken)).toThrow();
    expect(version(database)).toBe(1);
    expect(database.prepare("SELECT name FROM sqlite_master WHERE name = 'extra'").all()).toEqual([]);
  });

  it('refuses a database whose version is newer than the newest step', () => {
    const database = openDatabase();
    migrateSqlite(database, [
      { version: 1, sql: 'CREATE TABLE a (x)' },
      { version: 2, sql: 'CREATE TABLE b (x)' },
    ]);
    expect(() => migrateSqlite(database, [{ version: 1, sql: 'CREATE TABLE a (x)' }])).toThrow(
      UnsupportedSchemaVersionError,
    );
  });
});
