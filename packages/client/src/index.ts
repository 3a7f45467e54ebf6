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
  StrataApiError,
  StrataClientError,
  StrataConnectionError,
  StrataTimeoutError,
} from './errors.js';
export { type RetryPolicy, retryAfterMs } from './transport.js';
export type * from './types.js';
