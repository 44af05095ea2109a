import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function GET() {
  const app = await getRuntime();
  return new Response(await app.metrics.registry.metrics(), {
    headers: { "content-type": app.metrics.registry.contentType },
  });
}
