import { handleEmailSignIn } from "@/server/api/email-sign-in";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  return handleEmailSignIn(await getRuntime(), "session", request);
}
