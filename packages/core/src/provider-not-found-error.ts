import { CoreError } from './core-error';

/** Options of {@link ProviderNotFoundError}. */
export interface ProviderNotFoundErrorOptions {
  readonly service: string;
  readonly provider: string;
}

/** `app.select` named a provider the service does not have (code `PROVIDER_NOT_FOUND`). */
export class ProviderNotFoundError extends CoreError {
  static override readonly code = 'PROVIDER_NOT_FOUND';
  readonly service: string;
  readonly provider: string;

  constructor(options: ProviderNotFoundErrorOptions) {
    super(`Service "${options.service}" has no provider named "${options.provider}"`, {
      code: ProviderNotFoundError.code,
    });
    this.service = options.service;
    this.provider = options.provider;
  }
}
