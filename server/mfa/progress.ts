import { LOGIN_METHODS, type TAuthenticationMethod, type TRequiredAuthenticationMethod } from "@/lib/api/mfa";

/**
 * One authentication a user presented for an activity: what kind of stamp, and whose. `type` is the
 * most specific method the stamp proves: a login's (EMAIL_OTP, SMS_OTP, OAUTH) for a session key a
 * login issued, which proves SESSION as well (see `methodsProven`).
 */
export interface Presented {
  type: string;
  credentialId: string;
  sessionProfileId: string | null;
}

export interface Progress {
  satisfied: boolean;
  /** The authentication that met each met step, in step order. */
  satisfiedMethods: TAuthenticationMethod[];
}

const LOGIN_TYPES: readonly string[] = LOGIN_METHODS;

/** Every method a presented authentication proves: a login's session key is also a session. */
export function methodsProven(type: string): string[] {
  return LOGIN_TYPES.includes(type) ? [type, "AUTHENTICATION_TYPE_SESSION"] : [type];
}

/** A method without an id takes any credential of its type; with one, that credential (or session profile). */
function meets(method: TAuthenticationMethod, presented: Presented): boolean {
  if (!methodsProven(presented.type).includes(method.type)) return false;
  if (!method.id) return true;
  return method.id === presented.credentialId || method.id === presented.sessionProfileId;
}

/**
 * How far the ordered steps are met. Steps are met in order: each authentication, oldest first,
 * meets the first step not yet met when it fits one of that step's methods, and otherwise meets
 * nothing (the reference: "each requirement must be satisfied sequentially").
 */
export function mfaProgress(steps: TRequiredAuthenticationMethod[], presented: Presented[]): Progress {
  const satisfiedMethods: TAuthenticationMethod[] = [];
  for (const one of presented) {
    const step = steps[satisfiedMethods.length];
    if (!step) break;
    // What met the step is told as the step named it, with the credential that stamped.
    const method = step.any.find((m) => meets(m, one));
    if (method) satisfiedMethods.push({ type: method.type, id: one.credentialId });
  }
  return { satisfied: satisfiedMethods.length === steps.length, satisfiedMethods };
}
