import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake received, as Twilio would read it. */
export interface TwilioRequest {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

export type TwilioMode = "accept" | "invalid-number" | "unavailable" | "hang";

export interface FakeTwilio {
  /** The base URL, for LATCHKEY_TWILIO_BASE_URL. */
  url: string;
  received: TwilioRequest[];
  mode(mode: TwilioMode): void;
  close(): Promise<void>;
}

/**
 * A local server speaking Twilio's Messages API as far as Latchkey uses it: POST
 * /2010-04-01/Accounts/{sid}/Messages.json with form fields, answered 201 with a message resource,
 * or with Twilio's error body ({code, message, more_info, status}); "hang" never answers.
 * Wrong credentials get Twilio's 401 (error 20003).
 */
export async function startFakeTwilio(accountSid: string, authToken: string): Promise<FakeTwilio> {
  const received: TwilioRequest[] = [];
  let mode: TwilioMode = "accept";
  let counter = 0;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const error = (res: http.ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(
      JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }),
    );
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      received.push({
        path: req.url ?? "",
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        form,
      });
      if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return error(res, 404, 20404, "The requested resource was not found");
      }
      if (req.headers.authorization !== expectedAuth) return error(res, 401, 20003, "Authenticate");
      if (mode === "hang") return;
      if (mode === "unavailable") return error(res, 503, 20503, "Service Unavailable");
      if (mode === "invalid-number" || !/^\+[1-9]\d{6,14}$/.test(form.To ?? "")) {
        return error(res, 400, 21211, `The 'To' number ${form.To} is not a valid phone number.`);
      }
      counter += 1;
      res.writeHead(201, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          sid: `SM${String(counter).padStart(32, "0")}`,
          account_sid: accountSid,
          to: form.To,
          from: form.From ?? null,
          messaging_service_sid: form.MessagingServiceSid ?? null,
          body: form.Body,
          status: "queued",
          direction: "outbound-api",
          api_version: "2010-04-01",
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    mode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
