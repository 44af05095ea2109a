import { z } from "zod";
import { ZName } from "./common";
import { ZApiKeyParams } from "./credentials";
import { usersWithinCaps, ZUserParams } from "./users";

/**
 * create_api_only_users: users who act only through API keys. The reference's keys here carry no
 * curve (its older apiApiKeyParams); they are P-256, as every key of that shape was.
 */
export const ZApiOnlyUserParams = z.object({
  userName: ZName,
  userEmail: ZUserParams.shape.userEmail,
  userTags: ZUserParams.shape.userTags,
  apiKeys: z
    .array(
      ZApiKeyParams.omit({ curveType: true }).extend({ curveType: ZApiKeyParams.shape.curveType.optional() }),
    )
    .max(100),
  authenticators: z.array(z.never()).max(0).default([]),
});
export const ZCreateApiOnlyUsersParams = z.object({ apiOnlyUsers: usersWithinCaps(ZApiOnlyUserParams) });
