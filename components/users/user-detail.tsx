"use client";

import type { TUser } from "@/lib/api/users";
import { formatTimestamp } from "@/lib/client/format";
import { Button } from "../ui/button";
import { Card, CardDescription, CardTitle } from "../ui/card";
import { LinkedIdentities } from "./linked-identities";

export const USER_DETAIL_ID = "user-detail";

/** One user, opened from the table: who they are and what signs them in beyond passkeys and keys. */
export function UserDetail({ user, onClose }: { user: TUser; onClose(): void }) {
  return (
    <Card id={USER_DETAIL_ID} aria-labelledby={`${USER_DETAIL_ID}-title`} data-user-detail={user.userName}>
      <div className="flex items-start justify-between gap-2">
        <div>
          <CardTitle id={`${USER_DETAIL_ID}-title`}>{user.userName}</CardTitle>
          <CardDescription>
            <span className="font-mono">{user.userId}</span> · created {formatTimestamp(user.createdAt)} ·{" "}
            {user.authenticators.length} passkeys, {user.apiKeys.length} API keys
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <div className="mt-4">
        <LinkedIdentities user={user} />
      </div>
    </Card>
  );
}
