import type { Registrar } from '@aalis/core';
import type { AgentService } from './agent-service';
import type { PreprocessorFn } from './preprocessor-fn';

/**
 * How `agent.use.registerPreprocessor` attaches to the current provider ([BND-1]): through
 * the provider's `registerPreprocessor(name, handler)`; the host keeps the owner and
 * withdraws the registration when the owner deactivates. Returns `undefined`, attaching
 * nothing, when the provider has no preprocessor support; the host attaches it once a
 * supporting provider becomes current ([BND-2]).
 */
export const preprocessorRegistrar: Registrar<AgentService, readonly [PreprocessorFn]> = {
  id: 'agent:preprocessor',
  attach: (service, { name, args: [handler] }) => service.registerPreprocessor?.(name, handler),
};
