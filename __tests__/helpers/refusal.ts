import { ApiError } from '../../src/protocol/envelope.js';

/** A refusal as the platform answers one: HTTP 200, an envelope with `code` and its description. */
export function refusal(code: string, description: string, message = `refused with ${code}`): ApiError {
  return new ApiError(message, {
    httpStatus: 200,
    code,
    body: 'envelope',
    description,
    requestId: undefined,
    retryAfter: undefined,
    serverDate: undefined
  });
}
