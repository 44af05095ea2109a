import { escapeHtml } from "./escape";
import type { RenderedEmail } from "./otp-email";

export interface CredentialEmailInput {
  kind: "EMAIL_AUTH" | "RECOVERY";
  appName: string;
  /** The credential bundle: only the holder of the target key can open it. */
  bundle: string;
  expiresInSeconds: number;
  logoUrl?: string;
  /** A URL template with one %s that gets the bundle: the button's target. */
  magicLinkTemplate?: string;
}

const WORDING = {
  EMAIL_AUTH: { subject: "your sign-in link", lead: "Use this to sign in to", action: "Sign in to" },
  RECOVERY: {
    subject: "recover your account",
    lead: "Use this to recover your account on",
    action: "Recover your account on",
  },
} as const;

/**
 * email_auth's and init_user_email_recovery's mail: the credential bundle (useless without the key
 * of the device that asked) as a button through the caller's magic link, and as text to paste.
 * Everything the caller chose is escaped where it lands; the bundle goes into the link URL-encoded.
 */
export function renderCredentialEmail(input: CredentialEmailInput): RenderedEmail {
  const words = WORDING[input.kind];
  const link = input.magicLinkTemplate?.replace("%s", encodeURIComponent(input.bundle));
  const minutes = Math.max(1, Math.round(input.expiresInSeconds / 60));
  const validity = `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const text = [
    `${words.lead} ${input.appName}${link ? `: ${link}` : " (paste it where you asked for it):"}`,
    ...(link ? [] : ["", input.bundle]),
    "",
    `It works only on the device that asked for it, and for ${validity}.`,
    "If you did not ask for this, ignore this e-mail.",
  ].join("\n");
  const app = escapeHtml(input.appName);
  const html = [
    "<!doctype html>",
    `<html><body style="font-family:system-ui,sans-serif;color:#111">`,
    input.logoUrl
      ? `<p><img src="${escapeHtml(input.logoUrl)}" alt="${app}" style="max-width:340px;max-height:124px"></p>`
      : "",
    link
      ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(words.action)} ${app}</a></p>`
      : `<p>${escapeHtml(words.lead)} ${app} (paste it where you asked for it):</p><pre style="white-space:pre-wrap;word-break:break-all">${escapeHtml(input.bundle)}</pre>`,
    `<p>It works only on the device that asked for it, and for ${validity}.</p>`,
    `<p style="color:#666;font-size:12px">If you did not ask for this, ignore this e-mail.</p>`,
    "</body></html>",
  ]
    .filter(Boolean)
    .join("\n");
  return { subject: `${input.appName}: ${words.subject}`, text, html };
}
