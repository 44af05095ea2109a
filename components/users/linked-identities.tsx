"use client";

import type { TUser } from "@/lib/api/users";
import { formatTimestamp } from "@/lib/client/format";
import { linkedIdentities, useUnlinkIdentity } from "@/lib/queries/users";
import { ActivityOutcome } from "../ui/activity-outcome";
import { ConfirmDelete } from "../ui/confirm-delete";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

/**
 * A user's linked OIDC identities (social login): who at which issuer signs them in, with an unlink
 * button each. Linking needs an ID token from the provider's own sign-in, so it happens through the
 * API; the empty state says how.
 */
export function LinkedIdentities({ user }: { user: TUser }) {
  const identities = linkedIdentities(user);
  const unlink = useUnlinkIdentity(user.userId);
  return (
    <section className="grid gap-2" aria-labelledby={`identities-${user.userId}`}>
      <h3 id={`identities-${user.userId}`} className="font-semibold">
        Linked identities
      </h3>
      <ActivityOutcome activity={unlink.data} error={unlink.error} />
      {identities.length ? (
        <Table data-testid="linked-identities">
          <TableHead>
            <tr>
              <TableHeader>Provider</TableHeader>
              <TableHeader>Issuer</TableHeader>
              <TableHeader>Subject</TableHeader>
              <TableHeader>Audience</TableHeader>
              <TableHeader>Linked</TableHeader>
              <TableHeader />
            </tr>
          </TableHead>
          <tbody>
            {identities.map((identity) => (
              <TableRow key={identity.providerId} data-identity={identity.subject}>
                <TableCell className="font-medium">{identity.providerName}</TableCell>
                <TableCell label="Issuer" className="break-all font-mono text-xs">
                  {identity.issuer}
                </TableCell>
                <TableCell label="Subject" className="break-all font-mono text-xs">
                  {identity.subject}
                </TableCell>
                <TableCell label="Audience" className="break-all font-mono text-xs">
                  {identity.audience}
                </TableCell>
                <TableCell label="Linked" className="whitespace-nowrap text-muted-foreground">
                  {formatTimestamp(identity.createdAt)}
                </TableCell>
                <TableCell className="text-right">
                  <ConfirmDelete
                    verb="Unlink"
                    what={`${identity.providerName} identity ${identity.subject}`}
                    consequence={`${user.userName} can no longer sign in with this ${identity.providerName} account; linking it again needs a fresh ID token.`}
                    disabled={unlink.isPending}
                    onConfirm={() => unlink.mutate(identity.providerId)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="max-w-prose text-sm text-muted-foreground" data-testid="no-linked-identities">
          No linked identities. An identity is linked through the API: <code>create_oauth_providers</code> (or{" "}
          <code>oauthProviders</code> when the user is created) with an OIDC ID token from one of the issuers
          this server allows in <code>LATCHKEY_OIDC_ISSUERS</code>. The user can then sign in with that
          provider (<code>oauth_login</code>).
        </p>
      )}
    </section>
  );
}
