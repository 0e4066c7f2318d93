import { describe, expectTypeOf, it } from 'vitest';
import {
  type App,
  createApp,
  definePlugin,
  defineService,
  type Lifecycle,
  lifecycle,
  optional,
  type PluginContext,
  type Registrar,
  type ServiceHandle,
} from './index';

interface AgentService {
  handleMessage(message: { content: string }): Promise<void>;
  registerPreprocessor?(
    name: string,
    handler: (message: { content: string }, next: () => Promise<void>) => Promise<void>,
  ): () => void;
}

interface BoundAgent extends AgentService {
  registerPreprocessor(
    name: string,
    handler: (message: { content: string }, next: () => Promise<void>) => Promise<void>,
  ): () => void;
}

const preprocessorRegistrar: Registrar<AgentService, [Parameters<BoundAgent['registerPreprocessor']>[1]]> = {
  id: 'agent:preprocessor',
  attach: (service, { name, args: [handler] }) => service.registerPreprocessor?.(name, handler),
};

const agent = defineService<AgentService, BoundAgent>({
  name: 'agent',
  bind: (context) => ({
    handleMessage: (message) => context.current().handleMessage(message),
    registerPreprocessor: (name, handler) => context.register(preprocessorRegistrar, name, handler),
  }),
});

describe('definePlugin types', () => {
  it('types each handle from uses, optional ones included, as in the contract example', () => {
    definePlugin({
      name: '@acme/plugin-example-agent',
      uses: { agent: optional(agent), lifecycle },
      apply({ agent: agentHandle, lifecycle: life }) {
        expectTypeOf(agentHandle).toEqualTypeOf<ServiceHandle<BoundAgent>>();
        expectTypeOf(life.use).toEqualTypeOf<Lifecycle>();
        agentHandle.use.registerPreprocessor('suffix', async (message, next) => {
          message.content += ' [logged]';
          await next();
        });
      },
    });
  });

  it('rejects handles the plugin did not declare', () => {
    definePlugin({
      name: 'x',
      uses: { lifecycle },
      apply(services) {
        // @ts-expect-error not in uses
        void services.agent;
      },
    });
  });

  it('takes the configuration type from the context annotation and requires it when loading', () => {
    const greeting = definePlugin({
      name: 'greeting',
      apply(_services, context: PluginContext<{ text: string }>) {
        expectTypeOf(context.config.text).toEqualTypeOf<string>();
      },
    });
    const app: App = createApp();
    app.plugin(greeting, { text: 'hi' });
    // @ts-expect-error the configuration is required
    app.plugin(greeting);
    // @ts-expect-error the configuration has the wrong shape
    app.plugin(greeting, { text: 1 });
    const plain = definePlugin({ name: 'plain', apply: () => undefined });
    app.plugin(plain);
  });

  it('checks a provided implementation against the descriptor', () => {
    const app = createApp();
    app.provide(agent, { handleMessage: async () => undefined });
    // @ts-expect-error handleMessage is missing
    app.provide(agent, { registerPreprocessor: () => () => undefined });
    expectTypeOf(app.service(agent).use).toEqualTypeOf<BoundAgent>();
  });
});
