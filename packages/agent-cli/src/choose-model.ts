import type { AiSdkModelProviderOptions } from '@aalis/model-ai-sdk';
import { fromEnvironment, type OpenAIModelProviderOptions } from '@aalis/model-openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { CliUsageError } from './cli-usage-error';
import type { CliProvider } from './parse-cli-arguments';

/** The model a chat runs on: the built-in scripted one, an OpenAI-compatible endpoint, or an AI SDK provider. */
export type ChatModel =
  | 'scripted'
  | OpenAIModelProviderOptions
  | { readonly aiSdk: AiSdkModelProviderOptions; readonly description: string };

type Environment = Readonly<Record<string, string | undefined>>;

/** The AI SDK providers of `--provider`: their key variables, base-URL variable and default model. */
const AI_SDK_PROVIDERS = {
  anthropic: {
    keys: ['ANTHROPIC_API_KEY'],
    baseURL: 'ANTHROPIC_BASE_URL',
    defaultModel: 'claude-sonnet-4-5',
    create: (settings: { apiKey: string; baseURL?: string }) => createAnthropic(settings),
  },
  google: {
    keys: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY'],
    baseURL: 'GOOGLE_GENERATIVE_AI_BASE_URL',
    defaultModel: 'gemini-2.5-flash',
    create: (settings: { apiKey: string; baseURL?: string }) => createGoogleGenerativeAI(settings),
  },
} as const;

/**
 * The model of `chat`: `--provider scripted` the built-in model; `openai` the endpoint of
 * `OPENAI_BASE_URL` (https://api.openai.com/v1 when only `OPENAI_API_KEY` is set); `anthropic`
 * and `google` the AI SDK's providers with the key of `ANTHROPIC_API_KEY` or
 * `GOOGLE_GENERATIVE_AI_API_KEY` (or `GEMINI_API_KEY`) and, for a proxy, `ANTHROPIC_BASE_URL` or
 * `GOOGLE_GENERATIVE_AI_BASE_URL`. `AALIS_MODEL` names the model, or several separated by commas.
 * Without `--provider`: the OpenAI-compatible endpoint when `OPENAI_BASE_URL` is set, else the
 * scripted model. Throws `CliUsageError` when the provider's key or endpoint is missing.
 */
export function chooseModel(provider: CliProvider | undefined, env: Environment): ChatModel {
  if (provider === 'scripted') return 'scripted';
  if (provider === 'anthropic' || provider === 'google') return aiSdkModel(provider, env);
  if (provider === undefined) return fromEnvironment(env) ?? 'scripted';
  const endpoint =
    fromEnvironment(env) ??
    (setting(env, 'OPENAI_API_KEY') === undefined
      ? undefined
      : fromEnvironment({ ...env, OPENAI_BASE_URL: 'https://api.openai.com/v1' }));
  if (endpoint === undefined) {
    throw new CliUsageError('--provider openai needs OPENAI_API_KEY or OPENAI_BASE_URL (and AALIS_MODEL)');
  }
  return endpoint;
}

function aiSdkModel(provider: keyof typeof AI_SDK_PROVIDERS, env: Environment): ChatModel {
  const spec = AI_SDK_PROVIDERS[provider];
  const apiKey = spec.keys.map((key) => setting(env, key)).find((value) => value !== undefined);
  if (apiKey === undefined) throw new CliUsageError(`--provider ${provider} needs ${spec.keys.join(' or ')}`);
  const baseURL = setting(env, spec.baseURL);
  const create = spec.create({ apiKey, ...(baseURL === undefined ? {} : { baseURL }) });
  const names = modelNames(env, spec.defaultModel);
  return {
    aiSdk: { name: provider, models: names.map((name) => ({ model: create(name), name })) },
    description: `${provider}${baseURL === undefined ? '' : ` at ${baseURL}`} (${names[0]})`,
  };
}

function modelNames(env: Environment, fallback: string): string[] {
  const listed = (setting(env, 'AALIS_MODEL') ?? '').split(',').map((name) => name.trim());
  const names = [...new Set(listed.filter((name) => name.length > 0))];
  return names.length > 0 ? names : [fallback];
}

function setting(env: Environment, key: string): string | undefined {
  const value = env[key]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
