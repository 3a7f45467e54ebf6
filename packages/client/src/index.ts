export {
  type CallOptions,
  OPERATION_METHODS,
  type OpenApiDocument,
  StrataClient,
  type StrataClientOptions,
} from './client.js';
export {
  type ErrorBody,
  type FieldIssue,
  StrataAccessError,
  StrataApiError,
  StrataClientError,
  StrataConnectionError,
  StrataLeaseHeldError,
  StrataTimeoutError,
  StrataUnavailableError,
} from './errors.js';
export { type RetryPolicy, retryAfterMs } from './transport.js';
export type * from './types.js';
