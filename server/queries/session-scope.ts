import type { CallerCredential } from "../auth/caller";
import type { DbOrTx } from "../db/client";
import type { PolicyResource } from "../policy/profile";
import type { PolicyValue } from "../policy/types";
import { requireWithinScope, sessionScopeOf } from "../sessions/profile-scope";

/**
 * What a query reads, for session-profile scopes, by the words of its path (first match wins), so
 * that a scope such as `activity.resource == 'WALLET'` lets its sessions read wallets as well as
 * act on them. Anything else reads the organization.
 */
const READS: [RegExp, PolicyResource][] = [
  // Read as the resource their activities write: configuration, MFA (AUTH), linked identities.
  [/swap_config|swap_fees|ip_allowlist|oauth2/, "CONFIG"],
  [/mfa/, "AUTH"],
  [/oauth_providers/, "CREDENTIAL"],
  [/webhook/, "WEBHOOK_ENDPOINT"],
  [/private_key/, "PRIVATE_KEY"],
  [/wallet|balance|transaction_history|blockhash|nonces|send_transaction|swap|earn/, "WALLET"],
  [/polic/, "POLICY"],
  [/smart_contract_interface/, "SMART_CONTRACT_INTERFACE"],
  [/api_key|authenticator|registration_challenge/, "CREDENTIAL"],
  [/session_profile|email_events|outbox/, "AUTH"],
  [/user/, "USER"],
  [/on_?ramp/, "PAYMENT_METHOD"],
  [/gas_|configs/, "CONFIG"],
];

export function queryResource(path: string): PolicyResource {
  return READS.find(([pattern]) => pattern.test(path))?.[1] ?? "ORGANIZATION";
}

/**
 * The scope's view of a query: `activity.type` QUERY_<PATH> (e.g. QUERY_GET_WALLETS),
 * `activity.action` READ, `activity.resource` from queryResource, no params and no wallet or
 * transaction namespaces.
 */
export function queryView(path: string): PolicyValue {
  const type = `QUERY_${path.toUpperCase()}`;
  return { activity: { type, kind: type, resource: queryResource(path), action: "READ", params: {} } };
}

/**
 * A session started under a session profile reads only what its scope allows. whoami is always
 * allowed: it tells the session only who it is, which clients ask right after logging in.
 */
export async function enforceQueryScope(
  db: DbOrTx,
  credential: CallerCredential | undefined,
  path: string,
): Promise<void> {
  if (path === "whoami") return;
  const profile = await sessionScopeOf(db, credential);
  if (!profile) return;
  await requireWithinScope(profile, `read ${path}`, async () => [queryView(path)]);
}
