import type { ApiError, ErrorCode } from "../errors";

/** One HTTP status per error code: the only place the domain's errors meet HTTP. */
const HTTP_STATUS: Record<ErrorCode, number> = {
  INVALID_ARGUMENT: 400,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  PAYLOAD_TOO_LARGE: 413,
  METHOD_NOT_ALLOWED: 405,
  UNAUTHENTICATED: 401,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export function httpStatus(error: ApiError): number {
  return HTTP_STATUS[error.code];
}
