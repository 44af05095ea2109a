import fs from "node:fs";
import { isUncompressedP256, proofsIn, verifyAppProof } from "../crypto/app-proof-verify";
import { UsageError } from "./args";

/**
 * `latchkey verify-proof <file> --public-key <hex>`: checks app proofs offline against the server
 * key the user pinned (get_server_signing_key), with no server and no database. One JSON line per
 * proof; exit status 0 only when the file holds proofs and every one verifies.
 */
export function verifyProofCommand(file: string, flags: Map<string, string | true>): number {
  const pinned = flags.get("public-key") ?? process.env.LATCHKEY_SERVER_PUBLIC_KEY;
  if (typeof pinned !== "string" || !isUncompressedP256(pinned)) {
    throw new UsageError(
      "--public-key <hex> (or LATCHKEY_SERVER_PUBLIC_KEY) must be the pinned server key: an uncompressed " +
        "P-256 point in hex, as get_server_signing_key returns it",
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    process.stderr.write(`latchkey: ${file}: not a readable JSON file (${(error as Error).message})\n`);
    return 1;
  }
  const proofs = proofsIn(document);
  if (proofs.length === 0) {
    process.stderr.write(
      `latchkey: ${file}: no app proofs found (expected an AppProof, a list of them, {appProofs} or an activity)\n`,
    );
    return 1;
  }
  let failed = 0;
  for (const [index, proof] of proofs.entries()) {
    const verdict = verifyAppProof(proof, pinned);
    if (verdict.ok) {
      const { activityId, activityType, organizationId, timestampMs } = verdict.payload;
      process.stdout.write(
        `${JSON.stringify({ index, valid: true, activityId, activityType, organizationId, timestampMs })}\n`,
      );
    } else {
      failed += 1;
      process.stdout.write(`${JSON.stringify({ index, valid: false, reason: verdict.reason })}\n`);
    }
  }
  return failed === 0 ? 0 : 1;
}
