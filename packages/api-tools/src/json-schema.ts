/**
 * A JSON schema (draft 2020-12 / draft-07 subset as model providers accept it). The common
 * keywords are typed; any other keyword is allowed.
 */
export type JsonSchema = {
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly [keyword: string]: unknown;
};
