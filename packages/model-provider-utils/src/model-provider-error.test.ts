import { describe, expect, it } from 'vitest';
import {
  ModelAuthenticationError,
  ModelBadRequestError,
  ModelInvalidResponseError,
  ModelNetworkError,
  ModelProviderError,
  ModelRateLimitedError,
  ModelServerError,
} from './index';

const classes = [
  [ModelAuthenticationError, 'MODEL_AUTHENTICATION_FAILED', false],
  [ModelRateLimitedError, 'MODEL_RATE_LIMITED', true],
  [ModelServerError, 'MODEL_SERVER_ERROR', true],
  [ModelBadRequestError, 'MODEL_BAD_REQUEST', false],
  [ModelNetworkError, 'MODEL_NETWORK_ERROR', true],
  [ModelInvalidResponseError, 'MODEL_INVALID_RESPONSE', false],
] as const;

describe('provider errors', () => {
  it.each(classes)('%o has its stable code and retryability', (ErrorClass, code, retryable) => {
    const cause = new Error('underlying');
    const error = new ErrorClass('failed', { status: 418, attempts: 2, cause });
    expect(error).toMatchObject({ code, retryable, status: 418, attempts: 2, message: 'failed' });
    expect(error.cause).toBe(cause);
    expect(ModelProviderError.isInstance(error)).toBe(true);
    expect(ErrorClass.isInstance(error)).toBe(true);
  });

  it('tells the subclasses apart and counts one attempt by default', () => {
    const error = new ModelServerError('x');
    expect(error.attempts).toBe(1);
    expect(ModelRateLimitedError.isInstance(error)).toBe(false);
    expect(ModelProviderError.isInstance(new Error('plain'))).toBe(false);
  });

  it('recognises an error made by another installed copy of the package', () => {
    const foreign = Object.assign(new Error('x'), { code: 'MODEL_RATE_LIMITED' });
    Object.defineProperty(foreign, Symbol.for('@aalis/model-provider-utils/error'), { value: true });
    expect(ModelProviderError.isInstance(foreign)).toBe(true);
    expect(ModelRateLimitedError.isInstance(foreign)).toBe(true);
    expect(ModelServerError.isInstance(foreign)).toBe(false);
  });
});
