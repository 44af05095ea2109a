import { z } from "zod";
import { ZId, ZName, ZTimestamp } from "./common";
import { ZSessionSeconds } from "./sessions";

/** create_session_profile: a named scope (a policy-language condition) sessions can be started under. */
export const ZCreateSessionProfileParams = z.object({
  sessionProfileName: ZName,
  scope: z.string().trim().min(1, "must not be empty").max(4096, "must be at most 4096 characters"),
  /** The longest a session of this profile may last. */
  expirationSeconds: ZSessionSeconds.optional(),
  notes: z.string().max(1024, "must be at most 1024 characters").optional(),
});

export const ZSessionProfile = z.object({
  sessionProfileId: z.string(),
  sessionProfileName: z.string(),
  scope: z.string(),
  expirationSeconds: z.string().optional(),
  notes: z.string().optional(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});

export const ZGetSessionProfileRequest = z.object({ organizationId: ZId, sessionProfileId: ZId });
export const ZGetSessionProfilesRequest = z.object({ organizationId: ZId });
export const ZGetSessionProfileResponse = z.object({ sessionProfile: ZSessionProfile });
export const ZGetSessionProfilesResponse = z.object({ sessionProfiles: z.array(ZSessionProfile) });
