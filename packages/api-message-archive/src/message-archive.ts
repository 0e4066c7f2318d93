import { defineService } from '@aalis/core';
import type { MessageArchiveService } from './message-archive-service';

/**
 * The `message-archive` service descriptor. `messageArchive.use` forwards each call to the
 * provider selected at the moment of the call.
 */
export const messageArchive = defineService<MessageArchiveService>({ name: 'message-archive' });
