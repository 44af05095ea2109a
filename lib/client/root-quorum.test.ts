import { describe, expect, it } from "vitest";
import { quorumChanged, quorumProblems, quorumWarnings } from "./root-quorum";

describe("root quorum drafts", () => {
  it("accept members with a threshold between 1 and their number", () => {
    expect(quorumProblems({ userIds: ["a", "b"], threshold: 2 })).toEqual([]);
    expect(quorumProblems({ userIds: ["a"], threshold: 1 })).toEqual([]);
  });

  it("refuse no members, a threshold below 1 or above the member count, naming the numbers", () => {
    expect(quorumProblems({ userIds: [], threshold: 1 })).toEqual(["Choose at least one root user."]);
    expect(quorumProblems({ userIds: ["a"], threshold: 0 })).toEqual([
      "The threshold must be a whole number of at least 1.",
    ]);
    expect(quorumProblems({ userIds: ["a", "b"], threshold: 3 })).toEqual([
      "The threshold (3) cannot exceed the number of root users (2).",
    ]);
    expect(quorumProblems({ userIds: ["a"], threshold: 1.5 })).toHaveLength(1);
  });

  it("warn the author who leaves the quorum", () => {
    expect(quorumWarnings({ userIds: ["b"], threshold: 1 }, "a")).toHaveLength(1);
    expect(quorumWarnings({ userIds: ["a", "b"], threshold: 1 }, "a")).toEqual([]);
  });

  it("see a change in members or threshold, not in order", () => {
    const current = { userIds: ["a", "b"], threshold: 1 };
    expect(quorumChanged({ userIds: ["b", "a"], threshold: 1 }, current)).toBe(false);
    expect(quorumChanged({ userIds: ["a", "b"], threshold: 2 }, current)).toBe(true);
    expect(quorumChanged({ userIds: ["a"], threshold: 1 }, current)).toBe(true);
    expect(quorumChanged({ userIds: ["a", "c"], threshold: 1 }, current)).toBe(true);
  });
});
