import { ZGetIpAllowlistRequest } from "@/lib/api/ip-allowlist";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { notFound } from "../errors";
import { findAllowlist, renderAllowlist } from "../ip-allowlist/store";
import { defineQuery } from "./define";

export const getIpAllowlist = defineQuery({
  path: "get_ip_allowlist",
  summary: "The IP allowlist of the organization, or of one API key (publicKey)",
  request: ZGetIpAllowlistRequest,
  response: QUERY_RESPONSES.get_ip_allowlist,
  run: async ({ app, organization }, request) => {
    const publicKey = request.publicKey?.toLowerCase();
    const row = await findAllowlist(app.db, organization.id, publicKey);
    // An organization without one is open to every address: shown as an empty, disabled allowlist.
    if (!row && !publicKey)
      return { allowlist: { organizationId: organization.id, rules: [], enabled: false } };
    if (!row) {
      throw notFound("ip allowlist", `API key ${publicKey}`);
    }
    return { allowlist: renderAllowlist(row) };
  },
});
