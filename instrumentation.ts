/** Next.js start-up hook. The Node.js-only part lives in its own module so the edge bundle never sees it. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { openRuntimeOrExit } = await import("./server/startup");
  await openRuntimeOrExit();
}
