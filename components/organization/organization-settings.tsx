"use client";

import { useOrganization } from "@/lib/queries/organization";
import { Alert } from "../ui/alert";
import { Card, CardDescription, CardTitle } from "../ui/card";
import { CopyButton } from "../ui/copy-button";
import { GasSponsorshipCard } from "./gas-sponsorship-card";
import { IpAllowlistCard } from "./ip-allowlist-card";
import { OrganizationNameForm } from "./organization-name-form";
import { RootQuorumForm } from "./root-quorum-form";

/** The organization's identity and who governs it: its id, its name, its root quorum; its gas sponsorship. */
export function OrganizationSettings() {
  const organization = useOrganization();
  if (organization.error) return <Alert>{organization.error.message}</Alert>;
  const data = organization.data;
  if (!data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  return (
    <div className="grid gap-6">
      <Card>
        <CardTitle>Name</CardTitle>
        <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
          Organization id <code data-testid="organization-id">{data.organizationId}</code>
          <CopyButton value={data.organizationId} label="Copy organization id" />
        </p>
        <div className="mt-4">
          <OrganizationNameForm name={data.name} />
        </div>
      </Card>
      <Card>
        <CardTitle>Root quorum</CardTitle>
        <CardDescription>
          Policies do not bind root users; instead, an activity by a root user takes effect once enough root
          users have approved it.
        </CardDescription>
        <div className="mt-4">
          {/* Keyed by the quorum in force, so that a change decided elsewhere resets the draft. */}
          <RootQuorumForm
            key={`${data.rootQuorum.threshold}:${data.rootQuorum.userIds.join(",")}`}
            users={data.users}
            quorum={data.rootQuorum}
          />
        </div>
      </Card>
      <GasSponsorshipCard />
      <IpAllowlistCard />
    </div>
  );
}
