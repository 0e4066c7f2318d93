import type { AgentPromptContribution, PromptContributionView, TurnInput } from '@aalis/api-agent';
import { type App, contributions, createApp, definePlugin } from '@aalis/core';
import type { IncomingMessage } from '@aalis/schema-message';
import { createTokenCounter } from '@aalis/token-budget';
import { createPromptAssembler, type PromptAssemblerLogger, type PromptAssemblerOptions } from '../src/index';

/** A promise with its resolve and reject functions, for ordering tests without sleeps. */
export function deferred<TValue = void>() {
  let resolve!: (value: TValue) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<TValue>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** A logger that records every warning. */
export function recordingLogger() {
  const warnings: { message: string; details: Readonly<Record<string, unknown>> }[] = [];
  const logger: PromptAssemblerLogger = { warn: (message, details) => warnings.push({ message, details }) };
  return { logger, warnings };
}

/** A plugin that contributes `specs` to `agent:prompt` through core, as a real contributor does. */
export function promptPlugin(name: string, specs: readonly AgentPromptContribution[]) {
  return definePlugin({
    name,
    uses: { contributions },
    apply({ contributions: points }) {
      for (const spec of specs) points.use.contribute('agent:prompt', spec);
    },
  });
}

/** A text contribution with fixed content. */
export function textSpec(
  localId: string,
  text: string,
  extra: Partial<AgentPromptContribution> = {},
): AgentPromptContribution {
  return { localId, bucket: 'systemOther', label: localId, build: () => text, ...extra };
}

/** A contribution whose builds wait for the test: `views` records each view, `pending` each build. */
export function controlledSpec(localId: string, extra: Partial<AgentPromptContribution> = {}) {
  const views: PromptContributionView[] = [];
  const pending: ReturnType<typeof deferred<string | undefined>>[] = [];
  const spec: AgentPromptContribution = {
    localId,
    bucket: 'systemOther',
    label: localId,
    build: (view) => {
      views.push(view);
      const build = deferred<string | undefined>();
      pending.push(build);
      return build.promise;
    },
    ...extra,
  };
  return { spec, views, pending };
}

/**
 * An app whose assembler reads the `agent:prompt` contributions through core's point owner API,
 * with a real token counter and a recording logger.
 */
export function assemblerApp(options: Partial<Omit<PromptAssemblerOptions, 'contributions'>> = {}) {
  const errors: unknown[] = [];
  const app: App = createApp({ onError: (error) => errors.push(error) });
  const points = app.service(contributions);
  const counter = createTokenCounter();
  const { logger, warnings } = recordingLogger();
  const assembler = createPromptAssembler({
    contributions: () => points.use.list('agent:prompt'),
    counter,
    logger,
    ...options,
  });
  return { app, points, counter, assembler, warnings, errors };
}

/** A human input of session `s1` on platform `qq`. */
export function turnInput(content: string, overrides: Partial<IncomingMessage> = {}): TurnInput {
  return {
    message: { content, sessionId: 's1', platform: 'qq', userId: 'u1', triggerType: 'message', ...overrides },
  };
}
