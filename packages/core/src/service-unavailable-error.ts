import { CoreError } from './core-error';

/**
 * A call went through the business handle of a service that has no provider selected
 * (code `SERVICE_UNAVAILABLE`). Check `handle.available()` first for optional services.
 */
export class ServiceUnavailableError extends CoreError {
  static override readonly code = 'SERVICE_UNAVAILABLE';
  /** The service that has no provider. */
  readonly service: string;

  constructor(service: string) {
    super(`No provider of service "${service}" is selected`, { code: ServiceUnavailableError.code });
    this.service = service;
  }
}
