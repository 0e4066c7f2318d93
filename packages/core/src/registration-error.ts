import { CoreError } from './core-error';

/** Options of {@link RegistrationError}. */
export interface RegistrationErrorOptions {
  readonly service: string;
  /** The registrar's id. */
  readonly registrar: string;
  /** The registration's name. */
  readonly name: string;
  /** Whether attaching to or detaching from the provider failed. */
  readonly phase: 'attach' | 'detach';
  readonly cause: unknown;
}

/**
 * A registrar's `attach` or its detach function threw, or `attach` returned something
 * other than a function or `undefined` (code `REGISTRATION_FAILED`). A registration whose
 * attach failed stays recorded, unattached, and is tried again on the next provider
 * switch; the error is reported to the app's `onError`.
 */
export class RegistrationError extends CoreError {
  static override readonly code = 'REGISTRATION_FAILED';
  readonly service: string;
  readonly registrar: string;
  readonly registrationName: string;
  readonly phase: 'attach' | 'detach';

  constructor(options: RegistrationErrorOptions) {
    super(
      `Could not ${options.phase} registration "${options.name}" of "${options.registrar}" on service "${options.service}"`,
      { code: RegistrationError.code, cause: options.cause },
    );
    this.service = options.service;
    this.registrar = options.registrar;
    this.registrationName = options.name;
    this.phase = options.phase;
  }
}
