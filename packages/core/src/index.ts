export { AppStoppedError } from './app-stopped-error';
export type { ContributionPointMap, ContributionPointName } from './contribution-point-map';
export {
  type ContributeOptions,
  type Contribution,
  type ContributionRegistry,
  type Contributions,
  contributions,
} from './contributions';
export { CoreError, type CoreErrorOptions } from './core-error';
export { type App, type AppOptions, createApp } from './create-app';
export {
  definePlugin,
  type Plugin,
  type PluginApplyResult,
  type PluginDefinition,
  type ServiceHandles,
  type ServiceUses,
} from './define-plugin';
export { type DefineServiceOptions, defineService } from './define-service';
export { DrainError } from './drain-error';
export { EventListenerError, type EventListenerErrorOptions } from './event-listener-error';
export type { EventMap, EventName } from './event-map';
export { type EventBus, type EventListener, events } from './events';
export { type DrainCallback, type Lifecycle, type LifecycleService, lifecycle } from './lifecycle';
export { type OptionalService, optional } from './optional';
export { PluginApplyError, type PluginApplyErrorOptions } from './plugin-apply-error';
export type { PluginContext, ProvideOptions } from './plugin-context';
export { PluginDisposeError, type PluginDisposeErrorOptions } from './plugin-dispose-error';
export type { PluginInstance, PluginState } from './plugin-instance';
export type { PluginOwner } from './plugin-owner';
export { ProviderNameTakenError, type ProviderNameTakenErrorOptions } from './provider-name-taken-error';
export { ProviderNotFoundError, type ProviderNotFoundErrorOptions } from './provider-not-found-error';
export type { ProviderSelection } from './provider-selection';
export type { Registrar, Registration } from './registrar';
export { RegistrationError, type RegistrationErrorOptions } from './registration-error';
export type { ServiceBindContext } from './service-bind-context';
export type { AnyServiceDescriptor, BoundOf, ServiceDescriptor, ServiceOf } from './service-descriptor';
export type { ServiceHandle } from './service-handle';
export { ServiceUnavailableError } from './service-unavailable-error';
