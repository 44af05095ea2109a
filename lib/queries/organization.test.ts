import { describe, expect, it } from "vitest";
import { ZUpdateRootQuorumParams } from "@/lib/api/organizations";
import { ZRootQuorumForm } from "./organization";

const issuesOf = (input: { userIds: string[]; threshold: string }) =>
  ZRootQuorumForm.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("the root quorum form", () => {
  it("puts each rule's message beside its own field", () => {
    expect(issuesOf({ userIds: ["a"], threshold: "2" })).toEqual([
      ["threshold", "The threshold (2) cannot exceed the number of root users (1)."],
    ]);
    expect(issuesOf({ userIds: [], threshold: "1" })).toEqual([
      ["userIds", "Choose at least one root user."],
    ]);
    expect(issuesOf({ userIds: ["a"], threshold: "" })).toEqual([
      ["threshold", "The threshold must be a whole number of at least 1."],
    ]);
  });

  it("hands update_root_quorum a numeric threshold it accepts", () => {
    const draft = ZRootQuorumForm.parse({ userIds: ["a", "b"], threshold: "2" });
    expect(draft).toEqual({ userIds: ["a", "b"], threshold: 2 });
    expect(ZUpdateRootQuorumParams.safeParse(draft).success).toBe(true);
  });
});
