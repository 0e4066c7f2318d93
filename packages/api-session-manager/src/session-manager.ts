import { defineService } from '@aalis/core';
import type { SessionManagerService } from './session-manager-service';

/**
 * The `session-manager` service descriptor. `sessionManager.use` forwards each call to the
 * provider selected at the moment of the call.
 */
export const sessionManager = defineService<SessionManagerService>({ name: 'session-manager' });
