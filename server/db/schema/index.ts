export * from "./activities";
export * from "./api-keys";
export * from "./authenticators";
export * from "./organizations";
export * from "./tags";
export * from "./users";
export * from "./votes";
