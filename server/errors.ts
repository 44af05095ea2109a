/**
 * The one error type the domain throws on purpose — a value every layer may raise (auth, policy,
 * activities, queries) without knowing about HTTP. `code` is a closed set; each maps to one gRPC
 * status, which is what the official clients read from an error body and what a failed activity
 * stores. The HTTP status of each code is the API layer's business (server/api/http-status.ts).
 */
export const GRPC_CODES = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  PAYLOAD_TOO_LARGE: 3,
  METHOD_NOT_ALLOWED: 12,
  UNAUTHENTICATED: 16,
  UNAVAILABLE: 14,
  INTERNAL: 13,
} as const;

export type ErrorCode = keyof typeof GRPC_CODES;

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
  /** When a retry may succeed (rate limits): a RetryInfo detail, and the edge's Retry-After header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    reason: string,
    message: string,
    options: {
      fieldViolations?: FieldViolation[];
      extra?: Record<string, unknown>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.reason = reason;
    this.fieldViolations = options.fieldViolations ?? [];
    this.extra = options.extra ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
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

/**
 * The JSON every error takes — gRPC-gateway's `rpcStatus`, as the clients parse it: the body of an
 * error response, and the `failure` a failed activity keeps.
 */
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
  if (error.retryAfterSeconds !== undefined) {
    // google.rpc.RetryInfo's retryDelay is a protobuf Duration, which JSON spells "<seconds>s".
    details.push({
      "@type": "type.googleapis.com/google.rpc.RetryInfo",
      retryDelay: `${error.retryAfterSeconds}s`,
    });
  }
  details.push({ "@type": "type.googleapis.com/google.rpc.RequestInfo", requestId });
  return { code: GRPC_CODES[error.code], message: error.message, details };
}

export function internalError(): ApiError {
  return new ApiError("INTERNAL", "INTERNAL", "internal error; quote the request id when reporting it");
}
