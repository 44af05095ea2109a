import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { notFound } from "../errors";
import { findUser } from "../users/find";
import { loadUsers } from "../users/render";
import { defineQuery } from "./define";

export const getUser = defineQuery({
  path: "get_user",
  summary: "One user with their API keys and passkeys",
  request: z.object({ organizationId: ZId, userId: ZId }),
  response: QUERY_RESPONSES.get_user,
  async run({ app, organization }, request) {
    if (!(await findUser(app.db, organization.id, request.userId))) throw notFound("user", request.userId);
    const [user] = await loadUsers(app.db, organization.id, [request.userId]);
    return { user: user! };
  },
});
