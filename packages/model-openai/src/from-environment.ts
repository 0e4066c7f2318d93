import type { OpenAIModelProviderOptions } from './openai-model-provider-options';

/** The model used when `AALIS_MODEL` is not set. */
const defaultModelName = 'gpt-4o-mini';

function setting(env: Readonly<Record<string, string | undefined>>, key: string): string | undefined {
  const value = env[key]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Provider options from environment variables, or `undefined` when `OPENAI_BASE_URL` is not
 * set (the caller then uses another model). `OPENAI_API_KEY` is the key (none when unset);
 * `AALIS_MODEL` names the model, or several separated by commas, the first being the
 * default (`gpt-4o-mini` when unset). Pass `process.env`.
 */
export function fromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): OpenAIModelProviderOptions | undefined {
  const baseURL = setting(env, 'OPENAI_BASE_URL');
  if (baseURL === undefined) return undefined;
  const listed = (setting(env, 'AALIS_MODEL') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  const names = listed.length > 0 ? listed : [defaultModelName];
  return {
    baseURL,
    apiKey: setting(env, 'OPENAI_API_KEY'),
    models: [...new Set(names)].map((name) => ({ name })),
    defaultModel: names[0],
  };
}
