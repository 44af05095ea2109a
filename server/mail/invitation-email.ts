import { escapeHtml } from "./escape";
import type { RenderedEmail } from "./otp-email";

/**
 * The invitation e-mail: who invited whom to which organization, and the sign-in page's link with
 * the organization and address filled in; signing in there with an e-mailed code accepts it.
 */
export function renderInvitationEmail(input: {
  appName: string;
  senderName: string;
  organizationName: string;
  link: string;
}): RenderedEmail {
  const { appName, senderName, organizationName, link } = input;
  const text = [
    `${senderName} invited you to ${organizationName} on ${appName}.`,
    "",
    `To accept, open ${link} and choose "Email me a sign-in code": the code sent to this address signs you in.`,
    "",
    "If you did not expect this, ignore this e-mail.",
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html><body style="font-family:system-ui,sans-serif;color:#111">`,
    `<p>${escapeHtml(senderName)} invited you to ${escapeHtml(organizationName)} on ${escapeHtml(appName)}.</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">Accept the invitation</a></p>`,
    `<p>Then choose “Email me a sign-in code”: the code sent to this address signs you in.</p>`,
    `<p style="color:#666;font-size:12px">If you did not expect this, ignore this e-mail.</p>`,
    "</body></html>",
  ].join("\n");
  return { subject: `${senderName} invited you to ${organizationName}`, text, html };
}
