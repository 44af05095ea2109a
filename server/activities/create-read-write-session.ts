import { p256 } from "@noble/curves/nist.js";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateReadWriteSessionParams } from "@/lib/api/sessions";
import { encryptCredentialBundle } from "../crypto/credential-bundle";
import { isP256Point } from "../crypto/p256-point";
import { notFound } from "../errors";
import { insertSessionKey, sessionSeconds } from "../sessions/session-keys";
import { findUser } from "../users/find";
import { defineActivity } from "./define";
import { shorten } from "./summary-text";

const UNCOMPRESSED_HEX = /^04[0-9a-fA-F]{128}$/;

/** The shared schema checks the shape; only the server checks that the key is really on the curve. */
const ZParams = ZCreateReadWriteSessionParams.extend({
  targetPublicKey: ZCreateReadWriteSessionParams.shape.targetPublicKey.refine(
    (hex) => !UNCOMPRESSED_HEX.test(hex) || isP256Point(hex),
    "must be a point on P-256",
  ),
});

/**
 * A read-write session whose key the server generates: the new P-256 key becomes a session key of
 * the user, and its private half leaves only inside a credential bundle encrypted to the client's
 * target key (`decryptCredentialBundle` in @turnkey/crypto opens it). The server keeps no copy.
 */
export const createReadWriteSession = defineActivity({
  path: "create_read_write_session",
  type: ACTIVITY_TYPES.create_read_write_session,
  resource: "AUTH",
  action: "CREATE",
  intentKey: "createReadWriteSessionIntentV2",
  resultKey: "createReadWriteSessionResultV2",
  summary: "Start a read-write session for a user; its new key is returned encrypted to targetPublicKey",
  describe: (p, n) =>
    `Open a read-write session${p.userId ? ` for ${n.user(p.userId)}` : ""} for key ${shorten(p.targetPublicKey)}`,
  params: ZParams,
  result: z.object({
    organizationId: z.string(),
    organizationName: z.string(),
    userId: z.string(),
    username: z.string(),
    apiKeyId: z.string(),
    credentialBundle: z.string(),
  }),
  // Your own session needs no one's approval; a session for someone else is acting as them.
  selfService: (params, caller) => (params.userId ?? caller.user.id) === caller.user.id,
  async execute({ app, tx, organization, caller, now }, params) {
    const userId = params.userId ?? caller.user.id;
    const user = userId === caller.user.id ? caller.user : await findUser(tx, organization.id, userId);
    if (!user) throw notFound("user", userId);
    const secretKey = p256.utils.randomSecretKey();
    try {
      const { apiKeyId } = await insertSessionKey(tx, {
        organizationId: organization.id,
        userId,
        publicKey: Buffer.from(p256.getPublicKey(secretKey, true)).toString("hex"),
        seconds: sessionSeconds(params.expirationSeconds, app.config.sessionSeconds),
        name: params.apiKeyName ?? `Read Write Session - ${now.toISOString()}`,
        invalidateExisting: params.invalidateExisting,
        now,
      });
      const credentialBundle = encryptCredentialBundle(Buffer.from(params.targetPublicKey, "hex"), secretKey);
      return {
        organizationId: organization.id,
        organizationName: organization.name,
        userId,
        username: user.name,
        apiKeyId,
        credentialBundle,
      };
    } finally {
      secretKey.fill(0);
    }
  },
});
