import { escapeHtml } from "./escape";

export interface OtpEmailInput {
  appName: string;
  code: string;
  expiresInSeconds: number;
  /** https URL of a logo shown above the code. */
  logoUrl?: string;
  /** A URL template with one %s, e.g. https://app.example/verify?code=%s: the button's target. */
  magicLinkTemplate?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function minutes(seconds: number): string {
  const m = Math.max(1, Math.round(seconds / 60));
  return m === 1 ? "1 minute" : `${m} minutes`;
}

/**
 * The one-time code e-mail: plain text and HTML with the same content. Everything a caller chose
 * (app name, logo, link) is escaped where it lands; the code goes into the link URL-encoded and
 * into the HTML escaped, though it is generated from a safe alphabet anyway.
 */
export function renderOtpEmail(input: OtpEmailInput): RenderedEmail {
  const link = input.magicLinkTemplate?.replace("%s", encodeURIComponent(input.code));
  const validity = minutes(input.expiresInSeconds);
  const subject = `${input.appName}: your verification code`;
  const text = [
    `Your ${input.appName} verification code is:`,
    "",
    `    ${input.code}`,
    "",
    `It expires in ${validity}. Enter it where you asked for it; never share it with anyone.`,
    ...(link ? ["", `Or open this link: ${link}`] : []),
    "",
    "If you did not ask for this code, ignore this e-mail.",
  ].join("\n");
  const app = escapeHtml(input.appName);
  const html = [
    "<!doctype html>",
    `<html><body style="font-family:system-ui,sans-serif;color:#111">`,
    input.logoUrl
      ? `<p><img src="${escapeHtml(input.logoUrl)}" alt="${app}" style="max-width:340px;max-height:124px"></p>`
      : "",
    `<p>Your ${app} verification code is:</p>`,
    `<p style="font-size:28px;font-weight:600;letter-spacing:4px;font-family:monospace">${escapeHtml(input.code)}</p>`,
    `<p>It expires in ${validity}. Enter it where you asked for it; never share it with anyone.</p>`,
    link
      ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">Continue to ${app}</a></p>`
      : "",
    `<p style="color:#666;font-size:12px">If you did not ask for this code, ignore this e-mail.</p>`,
    "</body></html>",
  ]
    .filter(Boolean)
    .join("\n");
  return { subject, text, html };
}
