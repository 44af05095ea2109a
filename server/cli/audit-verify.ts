import { readChain } from "@/lib/audit/read-chain";
import { verifyChain } from "@/lib/audit/verify-chain";
import { chainClient } from "../audit/chain-client";
import { isUncompressedP256 } from "../crypto/app-proof-verify";
import { requiredFlag, UsageError } from "./args";

/**
 * `latchkey audit verify --organization-id <id> [--url <server>] [--public-key <hex>]`, the API key
 * in LATCHKEY_API_PRIVATE_KEY (not a flag: flags show in the process list). Reads the chain through
 * the API, recomputes it, and prints one JSON line: the verdict, or the first entry that does not
 * match. Exit 0 only when the whole chain verifies.
 */
export async function auditVerifyCommand(
  flags: Map<string, string | true>,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const organizationId = requiredFlag(flags, "organization-id");
  const url = flags.get("url") ?? env.LATCHKEY_URL ?? `http://localhost:${env.PORT ?? 3000}`;
  const privateKey = env.LATCHKEY_API_PRIVATE_KEY;
  if (typeof url !== "string") throw new UsageError("--url takes the server's address");
  if (!privateKey || !/^[0-9a-fA-F]{64}$/.test(privateKey)) {
    throw new UsageError(
      "LATCHKEY_API_PRIVATE_KEY must hold the P-256 private key (64 hex) of an API key of the organization",
    );
  }
  const query = chainClient(url, { privateKey });
  let pinned = flags.get("public-key") ?? env.LATCHKEY_SERVER_PUBLIC_KEY;
  if (pinned === undefined) {
    // Without a pinned key the checkpoints prove only that the server answering signed them.
    pinned = (await query<{ publicKey: string }>("get_server_signing_key", { organizationId })).publicKey;
  }
  if (typeof pinned !== "string" || !isUncompressedP256(pinned)) {
    throw new UsageError(
      "--public-key must be the server key as get_server_signing_key returns it (uncompressed P-256, hex)",
    );
  }
  let verdict = verifyChain(await readChain(query, organizationId), pinned);
  // An activity that changed between reading the chain and the activities is read again once.
  if (!verdict.ok && verdict.kind !== "VOTE" && verdict.kind !== "EVALUATION") {
    verdict = verifyChain(await readChain(query, organizationId), pinned);
  }
  process.stdout.write(`${JSON.stringify({ organizationId, ...verdict })}\n`);
  return verdict.ok ? 0 : 1;
}
