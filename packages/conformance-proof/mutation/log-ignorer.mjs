// @ts-check
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** Logger methods whose calls write a log line and nothing else. */
const LEVELS = new Set(['debug', 'info', 'warn', 'error']);
/** Functions that only build and write a log line are named `log…` (`logTurnEnd`, `logHookRun`). */
const LOG_FUNCTION = /^log[A-Z]/;

/** @param {import('@babel/types').Node | null | undefined} node */
function nameOf(node) {
  if (node?.type === 'Identifier') return node.name;
  if (node?.type === 'MemberExpression' && node.property.type === 'Identifier') return node.property.name;
  return undefined;
}

/** `logger.warn(…)`, `context.config.logger.error(…)`, `logTurnEnd(…)`. @param {import('@babel/types').Node} node */
function isLogCall(node) {
  if (node.type !== 'CallExpression') return false;
  const { callee } = node;
  if (callee.type === 'Identifier') return LOG_FUNCTION.test(callee.name);
  if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return false;
  return LEVELS.has(callee.property.name) && nameOf(callee.object) === 'logger';
}

/**
 * Ignores the mutants of log lines: a statement that only calls the agent's logger or a
 * `log…` function, and the body of such a function. What an agent logs is not part of what
 * the contract lets its users observe (the one log line it names, the turn end, is where
 * the abort `reason` may go, [ABT-5]); Stryker reports these mutants as ignored, outside the
 * score.
 */
class LogLineIgnorer {
  /** @param {import('@babel/core').NodePath} path */
  shouldIgnore(path) {
    if (path.isExpressionStatement() && isLogCall(path.node.expression)) {
      return 'a log line: the contract lets no user of the agent observe its log';
    }
    if (path.isFunctionDeclaration() && LOG_FUNCTION.test(path.node.id?.name ?? '')) {
      return 'a function that only builds and writes a log line';
    }
    return undefined;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Ignore, 'log-lines', LogLineIgnorer)];
