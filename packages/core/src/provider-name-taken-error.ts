import { CoreError } from './core-error';

/** Options of {@link ProviderNameTakenError}. */
export interface ProviderNameTakenErrorOptions {
  readonly service: string;
  readonly provider: string;
}

/**
 * A provider was registered under a name another provider of the same service already
 * uses (code `PROVIDER_NAME_TAKEN`). Provider names are unique per service.
 */
export class ProviderNameTakenError extends CoreError {
  static override readonly code = 'PROVIDER_NAME_TAKEN';
  readonly service: string;
  readonly provider: string;

  constructor(options: ProviderNameTakenErrorOptions) {
    super(`Service "${options.service}" already has a provider named "${options.provider}"`, {
      code: ProviderNameTakenError.code,
    });
    this.service = options.service;
    this.provider = options.provider;
  }
}
