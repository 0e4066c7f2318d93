import OpenAI from 'openai';

/** Options of {@link createOpenAIClient}. */
export interface CreateOpenAIClientOptions {
  readonly baseURL: string;
  readonly apiKey?: string;
  readonly timeout?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
}

/**
 * The SDK client for one endpoint: the SDK's own retries off (this provider retries
 * itself), its logging off (failures surface as typed errors), and nothing read from the
 * environment (organization, project, admin key and webhook secret are set to none). Without
 * an API key no `Authorization` header is sent.
 */
export function createOpenAIClient(options: CreateOpenAIClientOptions): OpenAI {
  return new OpenAI({
    baseURL: options.baseURL,
    // The SDK insists on a credential; the header it would make is removed below.
    apiKey: options.apiKey ?? 'none',
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0,
    logLevel: 'off',
    timeout: options.timeout,
    fetch: options.fetch,
    defaultHeaders: { ...options.headers, ...(options.apiKey === undefined ? { Authorization: null } : {}) },
  });
}
