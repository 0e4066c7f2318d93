/**
 * Something the harness noticed that no case asked for: an unscripted model call (fails the
 * case), a failing event listener or hook middleware, or an error the app reported.
 */
export interface HarnessFault {
  readonly kind: 'unscripted-call' | 'listener' | 'hook-middleware' | 'app';
  readonly message: string;
}
