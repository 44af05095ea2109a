/**
 * The one error type the API throws on purpose. `code` is a closed set; each maps to one gRPC
 * status (what the official clients read from the body) and one HTTP status, in one table.
 */
export const ERROR_CODES = {
  INVALID_ARGUMENT: { grpc: 3, http: 400 },
  NOT_FOUND: { grpc: 5, http: 404 },
  ALREADY_EXISTS: { grpc: 6, http: 409 },
  PERMISSION_DENIED: { grpc: 7, http: 403 },
  RESOURCE_EXHAUSTED: { grpc: 8, http: 429 },
  FAILED_PRECONDITION: { grpc: 9, http: 400 },
  PAYLOAD_TOO_LARGE: { grpc: 3, http: 413 },
  METHOD_NOT_ALLOWED: { grpc: 12, http: 405 },
  UNAUTHENTICATED: { grpc: 16, http: 401 },
  UNAVAILABLE: { grpc: 14, http: 503 },
  INTERNAL: { grpc: 13, http: 500 },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface FieldViolation {
  field: string;
  description: string;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  /** A stable machine-readable reason, e.g. SIGNATURE_INVALID (Turnkey's `turnkeyErrorCode`). */
  readonly reason: string;
  readonly fieldViolations: FieldViolation[];
  readonly extra: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    reason: string,
    message: string,
    options: { fieldViolations?: FieldViolation[]; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.reason = reason;
    this.fieldViolations = options.fieldViolations ?? [];
    this.extra = options.extra ?? {};
  }
}

export const invalid = (message: string, field?: string) =>
  new ApiError("INVALID_ARGUMENT", "REQUEST_INVALID", message, {
    fieldViolations: field ? [{ field, description: message }] : [],
  });

export const notFound = (what: string, id: string) =>
  new ApiError("NOT_FOUND", `${what.toUpperCase().replace(/ /g, "_")}_NOT_FOUND`, `${what} not found: ${id}`);

export const unauthenticated = (reason: string, message: string) =>
  new ApiError("UNAUTHENTICATED", reason, message);

export const denied = (reason: string, message: string, extra?: Record<string, unknown>) =>
  new ApiError("PERMISSION_DENIED", reason, message, { extra });

/** The JSON body every error response carries: gRPC-gateway's `rpcStatus`, as the clients parse it. */
export function errorBody(error: ApiError, requestId: string) {
  const details: Record<string, unknown>[] = [
    {
      "@type": "type.googleapis.com/errors.v1.TurnkeyErrorDetail",
      turnkeyErrorCode: error.reason,
      ...error.extra,
    },
  ];
  if (error.fieldViolations.length > 0) {
    details.push({
      "@type": "type.googleapis.com/google.rpc.BadRequest",
      fieldViolations: error.fieldViolations,
    });
  }
  details.push({ "@type": "type.googleapis.com/google.rpc.RequestInfo", requestId });
  return { code: ERROR_CODES[error.code].grpc, message: error.message, details };
}

export function httpStatus(error: ApiError): number {
  return ERROR_CODES[error.code].http;
}

export function internalError(): ApiError {
  return new ApiError("INTERNAL", "INTERNAL", "internal error; quote the request id when reporting it");
}
