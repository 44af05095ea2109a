import type { QueryDefinition } from "./define";
import { getActivity } from "./get-activity";
import { getApiKey } from "./get-api-key";
import { getApiKeys } from "./get-api-keys";
import { getAuthenticator } from "./get-authenticator";
import { getAuthenticators } from "./get-authenticators";
import { getOrganization } from "./get-organization";
import { getOrganizationConfigs } from "./get-organization-configs";
import { getServerSigningKey } from "./get-server-signing-key";
import { getUser } from "./get-user";
import { listActivities } from "./list-activities";
import { listSuborgs } from "./list-suborgs";
import { listUsers } from "./list-users";
import { whoami } from "./whoami";

/** Every query, keyed by its path under /public/v1/query/. */
export const queryRegistry: Record<string, QueryDefinition> = {
  get_activity: getActivity,
  get_api_key: getApiKey,
  get_api_keys: getApiKeys,
  get_authenticator: getAuthenticator,
  get_authenticators: getAuthenticators,
  get_organization: getOrganization,
  get_organization_configs: getOrganizationConfigs,
  get_server_signing_key: getServerSigningKey,
  get_user: getUser,
  list_activities: listActivities,
  list_suborgs: listSuborgs,
  list_users: listUsers,
  whoami,
} as Record<string, QueryDefinition>;
