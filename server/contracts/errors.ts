import { InputError } from "../encoding/input-error";

/**
 * A smart contract interface (or its address) that cannot be used: the message names the field,
 * where in the document the problem is, and what it is. A InputError, so it is a 400.
 */
export class ContractInterfaceError extends InputError {
  readonly field: string;

  constructor(field: string, problem: string) {
    super(`${field}: ${problem}`);
    this.name = "ContractInterfaceError";
    this.field = field;
  }
}

/** Raises problems found in one submitted document, all prefixed with the field it came in. */
export type Reject = (problem: string) => never;

export function rejecter(field: string): Reject {
  return (problem) => {
    throw new ContractInterfaceError(field, problem);
  };
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Short, single-line rendering of a submitted value for an error message. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** JSON.parse with the parser's own explanation (which says where it stopped) in a 400. */
export function parseJsonDocument(text: string, reject: Reject, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    return reject(`is not valid JSON (expected ${what}): ${(error as Error).message}`);
  }
}
