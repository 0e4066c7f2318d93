/**
 * A reference to a model as the model service understands it: usually `provider/model`
 * (`openai/gpt-4o-mini`), or an alias the service defines. Stored as is in session settings
 * (`assignModel`, [SET-1]).
 */
export type ModelRef = string;
