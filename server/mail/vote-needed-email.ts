import { escapeHtml } from "./escape";
import type { RenderedEmail } from "./otp-email";

/**
 * "Your vote is needed": the activity's one-line summary and the link to its page in the dashboard,
 * where the approver reads the decoded details and votes with a passkey. The summary is all the
 * message says about the activity: never a payload, a key or a signature (a mailbox is not a place
 * for signing material, and the vote itself needs the dashboard anyway).
 */
export function renderVoteNeededEmail(input: {
  appName: string;
  organizationName: string;
  summary: string;
  link: string;
}): RenderedEmail {
  const { appName, organizationName, summary, link } = input;
  const text = [
    `An activity in ${organizationName} waits for your vote:`,
    "",
    `    ${summary}`,
    "",
    `Read it and approve or reject it here: ${link}`,
    "",
    "Votes are open for 24 hours from the request. You can turn these e-mails off on your passkeys page.",
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html><body style="font-family:system-ui,sans-serif;color:#111">`,
    `<p>An activity in ${escapeHtml(organizationName)} waits for your vote:</p>`,
    `<p style="font-size:16px;font-weight:600">${escapeHtml(summary)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">Review in ${escapeHtml(appName)}</a></p>`,
    `<p style="color:#666;font-size:12px">Votes are open for 24 hours from the request. You can turn these e-mails off on your passkeys page.</p>`,
    "</body></html>",
  ].join("\n");
  return { subject: `${appName}: your vote is needed in ${organizationName}`, text, html };
}
