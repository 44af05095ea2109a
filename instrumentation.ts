/** Next.js start-up hook. The Node.js-only part lives in its own module so the edge bundle never sees it. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // For `latchkey start`'s own HTTP server: the API's hot paths, without Next's router in between.
  const { exposeDirectRoutes } = await import("./server/api/direct-routes");
  exposeDirectRoutes();
  const { openRuntimeOrExit } = await import("./server/startup");
  await openRuntimeOrExit();
}
