/**
 * An answer of the API as plain data: its status, its headers and its JSON text. `latchkey start`'s
 * direct routes write it to the socket as it is (direct-routes.ts); Next's route files, and tests
 * that call the pipeline in process, get it as a WHATWG `Response` (`toResponse`).
 *
 * Why not a `Response` throughout: on Node 24, every `Request` or `Response` that carries a body
 * makes a web `ReadableStream` for it, and under load those streams and what they hold survive the
 * young generation's collections and are promoted, to die in the old generation, whose collections
 * set the API's p99 (docs/scaling.md, fifteenth pass, has the measurements). A health check answered
 * through a `Response` promoted 4.5 MB every scavenge, the same check answered from a string 0.15 MB.
 */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function toResponse(answer: ApiAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * Header sets merged as a `Headers` would have them: names in lower case, a later value replacing an
 * earlier one of the same name whatever its case.
 */
export function mergedHeaders(...sets: Record<string, string>[]): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const set of sets) for (const [name, value] of Object.entries(set)) merged[name.toLowerCase()] = value;
  return merged;
}
