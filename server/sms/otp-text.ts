/** Where the reference's SMS templates put the code. */
export const OTP_CODE_PLACEHOLDER = "{{.OtpCode}}";

/**
 * The one-time code text message: the caller's template with {{.OtpCode}} replaced (the schema
 * checked it is there once), or the default naming the app and the validity. Plain text: nothing
 * to escape, and no link is added that the caller did not write.
 */
export function renderOtpText(input: {
  appName: string;
  code: string;
  expiresInSeconds: number;
  template?: string;
}) {
  if (input.template) return input.template.replace(OTP_CODE_PLACEHOLDER, input.code);
  const minutes = Math.max(1, Math.round(input.expiresInSeconds / 60));
  return `${input.appName}: your verification code is ${input.code}. It expires in ${minutes} minute${minutes === 1 ? "" : "s"}; never share it.`;
}
