import { z } from "zod";
import { ZOrganizationRequest } from "@/lib/api/common";
import { ZUser } from "@/lib/api/users";
import { loadUsers } from "../users/render";
import { defineQuery } from "./define";

export const listUsers = defineQuery({
  path: "list_users",
  summary: "Every user of the organization",
  request: ZOrganizationRequest,
  response: z.object({ users: z.array(ZUser) }),
  run: async ({ app, organization }) => ({ users: await loadUsers(app.db, organization.id) }),
});
