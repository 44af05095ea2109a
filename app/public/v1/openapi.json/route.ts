import { openApiJson } from "@/server/openapi/document";

export const dynamic = "force-dynamic";

export function GET() {
  return new Response(openApiJson(), {
    headers: { "content-type": "application/json", "cache-control": "public, max-age=300" },
  });
}
