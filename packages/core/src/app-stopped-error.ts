import { CoreError } from './core-error';

/**
 * The app was asked to load a plugin or take a provider after `stop()` began (code
 * `APP_STOPPED`).
 */
export class AppStoppedError extends CoreError {
  static override readonly code = 'APP_STOPPED';

  constructor(action: string) {
    super(`Cannot ${action}: the app is stopping or stopped`, { code: AppStoppedError.code });
  }
}
