import pino from "pino";
import { loadConfig } from "../config";
import { createAppContext } from "../context";
import { createRootOrganization } from "../organizations/bootstrap";
import { requiredFlag } from "./args";

/** `latchkey org create --name <org> --user <username> [--email <email>] --api-public-key <hex>` */
export async function orgCreate(flags: Map<string, string | true>): Promise<number> {
  const name = requiredFlag(flags, "name");
  const userName = requiredFlag(flags, "user");
  const apiPublicKey = requiredFlag(flags, "api-public-key");
  const email = flags.get("email");
  const config = loadConfig();
  // Logs go to stderr: stdout carries only the JSON result, for scripts.
  const app = await createAppContext(config, { logger: pino({ level: "warn" }, pino.destination(2)) });
  try {
    const result = await createRootOrganization(app, {
      organizationName: name,
      userName,
      userEmail: typeof email === "string" ? email : undefined,
      apiPublicKey,
    });
    process.stdout.write(
      `${JSON.stringify({ organizationId: result.organizationId, userId: result.userId, apiKeyId: result.apiKeyId })}\n`,
    );
    return 0;
  } finally {
    await app.close();
  }
}
