import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { loadUsers } from "../users/render";
import { defineQuery } from "./define";

export const listUsers = defineQuery({
  path: "list_users",
  summary: "Every user of the organization",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_users,
  run: async ({ app, organization }) => ({ users: await loadUsers(app.db, organization.id) }),
});
