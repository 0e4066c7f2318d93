import { describe, expect, it } from 'vitest';
import { serverErrorFrom, statusFailure } from './index';

describe('statusFailure', () => {
  it.each([
    [401, 'MODEL_AUTHENTICATION_FAILED', 'the model endpoint refused the credentials (HTTP 401): bad key'],
    [403, 'MODEL_AUTHENTICATION_FAILED', 'the model endpoint refused the credentials (HTTP 403): bad key'],
    [429, 'MODEL_RATE_LIMITED', 'the model endpoint is rate limiting requests (HTTP 429): bad key'],
    [503, 'MODEL_SERVER_ERROR', 'the model endpoint failed (HTTP 503): bad key'],
    [408, 'MODEL_SERVER_ERROR', 'the model endpoint failed (HTTP 408): bad key'],
    [409, 'MODEL_SERVER_ERROR', 'the model endpoint failed (HTTP 409): bad key'],
    [400, 'MODEL_BAD_REQUEST', 'the model endpoint rejected the request (HTTP 400): bad key'],
    [404, 'MODEL_BAD_REQUEST', 'the model endpoint rejected the request (HTTP 404): bad key'],
  ])('maps HTTP %i to %s', (status, code, message) => {
    const cause = new Error('from the client');
    const error = statusFailure({ status, serverMessage: 'bad key', attempts: 2, cause });
    expect(error).toMatchObject({ code, message, status, attempts: 2 });
    expect(error.cause).toBe(cause);
  });
});

describe('serverErrorFrom', () => {
  it("keeps the server's message, and says bad request only for a 4xx code", () => {
    expect(serverErrorFrom({ type: 'overloaded_error', message: 'Overloaded' })).toMatchObject({
      code: 'MODEL_SERVER_ERROR',
      message: 'the model endpoint reported an error in the stream: Overloaded',
    });
    expect(serverErrorFrom({ error: { code: 400, message: 'too long' } }).code).toBe('MODEL_BAD_REQUEST');
    expect(serverErrorFrom('plain words').message).toContain('plain words');
  });
});
