import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteFiatOnRampCredentialParams } from "@/lib/api/onramp";
import { fiatOnRampCredentials } from "../db/schema";
import { credentialById } from "../onramp/credentials";
import { shredOnRampSecrets } from "../signer/onramp-secrets";
import { defineActivity } from "./define";

export const deleteFiatOnRampCredential = defineActivity({
  path: "delete_fiat_on_ramp_credential",
  type: ACTIVITY_TYPES.delete_fiat_on_ramp_credential,
  resource: "CONFIG",
  action: "DELETE",
  intentKey: "deleteFiatOnRampCredentialIntent",
  resultKey: "deleteFiatOnRampCredentialResult",
  describe: (p) => `Delete on-ramp credentials ${p.fiatOnrampCredentialId}`,
  summary: "Delete a fiat on-ramp credential and shred its sealed secrets; later purchases use the sandbox",
  params: ZDeleteFiatOnRampCredentialParams,
  result: z.object({ fiatOnRampCredentialId: z.string() }),
  async execute({ tx, organization }, params) {
    const row = await credentialById(tx, organization.id, params.fiatOnrampCredentialId);
    await shredOnRampSecrets(tx, row.id);
    await tx.delete(fiatOnRampCredentials).where(eq(fiatOnRampCredentials.id, row.id));
    return { fiatOnRampCredentialId: row.id };
  },
});
