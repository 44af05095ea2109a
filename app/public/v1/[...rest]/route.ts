import { httpStatus } from "@/server/api/http-status";
import { ApiError, errorBody } from "@/server/errors";
import { newId } from "@/server/ids";

export const dynamic = "force-dynamic";

/** Anything under /public/v1 that no route serves: a JSON 404, never an HTML page. */
function unknownPath(request: Request): Response {
  const error = new ApiError("NOT_FOUND", "UNKNOWN_PATH", `unknown path: ${new URL(request.url).pathname}`);
  const requestId = newId();
  return new Response(JSON.stringify(errorBody(error, requestId)), {
    status: httpStatus(error),
    headers: { "content-type": "application/json", "x-request-id": requestId },
  });
}

export const GET = unknownPath;
export const POST = unknownPath;
