import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

const LIFETIME_MS = 5 * 60 * 1000;

function macKey(masterKey: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", masterKey, "latchkey", "first-run challenge v1", 32));
}

/**
 * A registration challenge the server need not remember: the token carries the challenge and its
 * expiry under an HMAC, so any instance behind a load balancer can check the answer.
 */
export function issueChallengeToken(masterKey: Buffer, now: Date): { challenge: string; token: string } {
  const challenge = randomBytes(32).toString("base64url");
  const payload = `${challenge}.${now.getTime() + LIFETIME_MS}`;
  const mac = createHmac("sha256", macKey(masterKey)).update(payload).digest("base64url");
  return { challenge, token: `${payload}.${mac}` };
}

/** The challenge inside a token this server issued and that has not expired; undefined otherwise. */
export function openChallengeToken(masterKey: Buffer, token: string, now: Date): string | undefined {
  const [challenge, expires, mac] = token.split(".");
  if (!challenge || !expires || !mac) return undefined;
  const expected = createHmac("sha256", macKey(masterKey)).update(`${challenge}.${expires}`).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expires) < now.getTime()) return undefined;
  return challenge;
}
