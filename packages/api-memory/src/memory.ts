import { defineService } from '@aalis/core';
import type { MemoryService } from './memory-service';

/**
 * The `memory` service descriptor. `memory.use` forwards each call to the provider selected
 * at the moment of the call.
 */
export const memory = defineService<MemoryService>({ name: 'memory' });
