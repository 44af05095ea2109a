import { createApiKeys } from "./create-api-keys";
import { createAuthenticators } from "./create-authenticators";
import { createReadOnlySession } from "./create-read-only-session";
import { createReadWriteSession } from "./create-read-write-session";
import { createSubOrganization } from "./create-sub-organization";
import { createUsers } from "./create-users";
import type { ActivityDefinition } from "./define";
import { deleteApiKeys } from "./delete-api-keys";
import { deleteAuthenticators } from "./delete-authenticators";
import { deleteSubOrganization } from "./delete-sub-organization";
import { deleteUsers } from "./delete-users";
import { stampLogin } from "./stamp-login";
import { updateOrganizationName } from "./update-organization-name";
import { updateRootQuorum } from "./update-root-quorum";
import { updateUser } from "./update-user";
import { updateUserEmail } from "./update-user-email";
import { updateUserName } from "./update-user-name";
import { updateUserPhoneNumber } from "./update-user-phone-number";

/**
 * Every activity, keyed by its path under /public/v1/submit/. Dispatch, the OpenAPI document and
 * the dashboard's forms all read this table. Adding an activity = one file + one line here.
 */
export const activityRegistry: Record<string, ActivityDefinition> = {
  create_api_keys: createApiKeys,
  create_authenticators: createAuthenticators,
  create_read_only_session: createReadOnlySession,
  create_read_write_session: createReadWriteSession,
  create_sub_organization: createSubOrganization,
  create_users: createUsers,
  delete_api_keys: deleteApiKeys,
  delete_authenticators: deleteAuthenticators,
  delete_sub_organization: deleteSubOrganization,
  delete_users: deleteUsers,
  stamp_login: stampLogin,
  update_organization_name: updateOrganizationName,
  update_root_quorum: updateRootQuorum,
  update_user: updateUser,
  update_user_email: updateUserEmail,
  update_user_name: updateUserName,
  update_user_phone_number: updateUserPhoneNumber,
} as Record<string, ActivityDefinition>;

/** Votes are activities on the wire but act on another activity: they have their own path. */
export const voteRegistry = {
  approve_activity: {
    type: "ACTIVITY_TYPE_APPROVE_ACTIVITY",
    intentKey: "approveActivityIntent",
    approve: true,
  },
  reject_activity: {
    type: "ACTIVITY_TYPE_REJECT_ACTIVITY",
    intentKey: "rejectActivityIntent",
    approve: false,
  },
} as const;

export function activityByType(type: string): ActivityDefinition | undefined {
  return Object.values(activityRegistry).find((d) => d.type === type || d.alsoAccepts?.includes(type));
}
