/** One step of the PostgreSQL schema, in the store's schema (`s` is its quoted name). Not public API. */
export interface PostgresMigration {
  readonly version: number;
  readonly sql: (s: string) => string;
}

/** The schema of the PostgreSQL store, oldest step first. Only ever append. */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    // The archive: the rows of archive-adapter's stores. Content is text, or the UTF-16LE code
    // units of text PostgreSQL cannot hold (lone surrogates, NUL); metadata and tool calls stay
    // JSON text, kept byte for byte (jsonb would reject escaped lone surrogates and reorder keys).
    version: 1,
    sql: (s) => `
      CREATE TABLE ${s}.messages (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        session_id text NOT NULL,
        role text NOT NULL,
        content text,
        content_units bytea,
        tool_calls text,
        tool_call_id text,
        kind text,
        metadata text NOT NULL,
        turn_id text,
        created_at double precision NOT NULL,
        CHECK ((content IS NULL) <> (content_units IS NULL))
      );
      CREATE INDEX messages_by_session ON ${s}.messages (session_id, seq);
    `,
  },
  {
    // The session manager: sessions, settings (JSON text, null for none), and generations,
    // which exist for unknown sessions too ([DEL-2]).
    version: 2,
    sql: (s) => `
      CREATE TABLE ${s}.sessions (
        id text PRIMARY KEY,
        kind text NOT NULL,
        platform text,
        parent_id text,
        title text,
        created_at double precision NOT NULL,
        settings text,
        read_only boolean NOT NULL DEFAULT false,
        last_turn text
      );
      CREATE INDEX sessions_by_parent ON ${s}.sessions (parent_id);
      CREATE TABLE ${s}.session_generations (
        session_id text PRIMARY KEY,
        generation bigint NOT NULL
      );
    `,
  },
  {
    // Session leases ([DUR-3]): one row per session ever leased, never deleted, so a fencing
    // token only grows. `owner` is null once released; times are the server's clock, to the
    // millisecond, so the expiry a client is told is exactly the one the server compares.
    version: 3,
    sql: (s) => `
      CREATE TABLE ${s}.session_leases (
        session_id text PRIMARY KEY,
        owner text,
        token bigint NOT NULL,
        expires_at timestamptz(3) NOT NULL
      );
    `,
  },
  {
    // Acknowledged generations ([DEL-2]): every session manager listening on the schema keeps
    // a row saying which change it has applied, refreshed by a heartbeat; the one counter row
    // numbers the changes that advance generations, in commit order (it is locked until the
    // advancing transaction commits).
    version: 4,
    sql: (s) => `
      CREATE TABLE ${s}.session_listeners (
        listener_id text PRIMARY KEY,
        applied_change bigint NOT NULL,
        heartbeat_at timestamptz(3) NOT NULL
      );
      CREATE TABLE ${s}.session_changes (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        change bigint NOT NULL
      );
      INSERT INTO ${s}.session_changes (change) VALUES (0);
    `,
  },
  {
    // The session inbox: inputs handed to any process, in the order their enqueues committed
    // (one session's enqueues are serialised by an advisory lock), until the session's owner
    // settles them. `token` is the lease token of the owner that took the input; payloads and
    // outcomes are JSON text.
    version: 5,
    sql: (s) => `
      CREATE TABLE ${s}.session_inputs (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        session_id text NOT NULL,
        payload text NOT NULL,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'taken', 'settled')),
        token bigint,
        outcome text,
        enqueued_at timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
        settled_at timestamptz(3)
      );
      CREATE INDEX session_inputs_open ON ${s}.session_inputs (session_id, id) WHERE state <> 'settled';
    `,
  },
  {
    // Clearing holds across processes ([CLR-2]): a hold of some sessions (or of all, when
    // `session_ids` is NULL) that every process serving them honours until the row is gone or
    // its holder stopped renewing it. `inputs_before` is the last inbox input when the hold was
    // put: inputs up to it were queued before the clearing and are released; later ones wait.
    version: 6,
    sql: (s) => `
      CREATE TABLE ${s}.session_holds (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        session_ids text[],
        holder text NOT NULL,
        expires_at timestamptz(3) NOT NULL,
        inputs_before bigint NOT NULL
      );
    `,
  },
];

/** The newest schema version this copy of the package writes. */
export const POSTGRES_SCHEMA_VERSION = POSTGRES_MIGRATIONS.length;
