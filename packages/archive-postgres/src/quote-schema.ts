const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The schema name as a quoted SQL identifier. Identifiers cannot be bound as parameters, so
 * the name is held to lower-case letters, digits and underscores (at most 63) and anything
 * else is a `TypeError`: no input reaches SQL text. Not public API.
 */
export function quoteSchema(schema: string): string {
  if (typeof schema !== 'string' || !SCHEMA_NAME.test(schema)) {
    throw new TypeError(
      `schema must be 1 to 63 lower-case letters, digits or underscores, starting with a letter or underscore; got ${JSON.stringify(schema)}`,
    );
  }
  return `"${schema}"`;
}
