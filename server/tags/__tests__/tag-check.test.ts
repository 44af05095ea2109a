import { describe, it } from "vitest";
import { createUsers, expectRefused, ok, org, submit, withTagScene } from "./tag-scene";

/** Every activity that takes tag ids goes through the one tag check (`requireTags`). */

withTagScene();

describe("one tag check for every activity that takes tag ids", () => {
  it("names the field and every missing id, with the kind's reason, and writes nothing", async () => {
    const userTag = await ok(org, "create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
      userTagName: "reviewers",
      userIds: [],
    });
    const userTagId = (userTag.result.createUserTagResult as { userTagId: string }).userTagId;
    const key = (privateKeyTags: string[]) => ({
      privateKeyName: `k-${privateKeyTags.length}`,
      curve: "CURVE_SECP256K1",
      addressFormats: [],
      privateKeyTags,
    });
    // A user tag is no private key tag, wherever it is named.
    await expectRefused(
      () =>
        submit(org, "create_private_keys", "ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2", {
          privateKeys: [key([]), key([userTagId])],
        }),
      404,
      `parameters.privateKeys[1].privateKeyTags: private key tag not found: ${userTagId}`,
      "PRIVATE_KEY_TAG_NOT_FOUND",
    );
    const [carol] = await createUsers(org, "carol");
    await expectRefused(
      () =>
        submit(org, "update_user", "ACTIVITY_TYPE_UPDATE_USER", {
          userId: carol,
          userTagIds: [userTagId, "0194c7a2-0000-7000-8000-00000000dead"],
        }),
      404,
      `parameters.userTagIds: user tag not found: 0194c7a2-0000-7000-8000-00000000dead`,
      "USER_TAG_NOT_FOUND",
    );
  });
});
