import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { findPrivateKeys } from "../private-keys/find";
import { renderPrivateKeys } from "../private-keys/render";
import { defineQuery } from "./define";

export const getPrivateKey = defineQuery({
  path: "get_private_key",
  summary: "One private key: public key, addresses, tags (never the key itself)",
  request: z.object({ organizationId: ZId, privateKeyId: ZId }),
  response: QUERY_RESPONSES.get_private_key,
  async run({ app, organization }, request) {
    const rows = await findPrivateKeys(app.db, organization.id, [request.privateKeyId]);
    const [privateKey] = await renderPrivateKeys(app.db, rows);
    return { privateKey: privateKey! };
  },
});
