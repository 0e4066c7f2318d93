import { defineService } from '@aalis/core';
import type { AgentService, BoundAgent } from './agent-service';
import { preprocessorRegistrar } from './preprocessor-registrar';

/**
 * The `agent` service descriptor. Every call on `agent.use` goes to the provider selected at
 * the moment of the call, so switching providers switches where calls go ([SVC-4]);
 * `registerPreprocessor` goes through `preprocessorRegistrar` ([BND-1], [BND-2]). While no
 * provider is selected, the asynchronous methods reject and `abort` throws (the host's
 * service-unavailable error).
 */
export const agent = defineService<AgentService, BoundAgent>({
  name: 'agent',
  bind: (context) => ({
    handleMessage: async (message) => context.current().handleMessage(message),
    abort: (sessionId, options) => context.current().abort(sessionId, options),
    clearing: async (sessionIds, clear, reason) => context.current().clearing(sessionIds, clear, reason),
    assignModel: async (sessionId, model) => context.current().assignModel(sessionId, model),
    registerPreprocessor: (name, handler) => context.register(preprocessorRegistrar, name, handler),
  }),
});
