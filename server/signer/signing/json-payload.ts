import { SignerInputError } from "../errors";

/** Parses a JSON payload into an object, or says which encoding expected what. */
export function parseJsonObject(
  payload: string,
  encoding: string,
  expected: string,
): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw new SignerInputError(`payload is not valid JSON: ${encoding} expects ${expected}`);
  }
  if (!isPlainObject(parsed)) {
    throw new SignerInputError(`payload must be a JSON object: ${encoding} expects ${expected}`);
  }
  return parsed;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
