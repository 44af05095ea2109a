import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * What Latchkey sends by e-mail: one row per message, its delivery status kept current by the
 * delivery job. The body is not here: while the message waits to be delivered it is sealed in
 * sealed_secrets (it may hold a one-time code), and it is shredded once delivered or given up —
 * or, for a code, once its flow has expired or ended (resendableUntil).
 */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** EMAIL, or SMS: text messages share the outbox, its delivery states and the Outbox page. */
    channel: text("channel").notNull().default("EMAIL"),
    /** What it is for, e.g. OTP. */
    purpose: text("purpose").notNull(),
    fromAddress: text("from_address").notNull(),
    /** Lower-cased, so that list_email_events finds it whatever case the caller types. */
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /** QUEUED (waiting or retrying), SENT (the SMTP server accepted it), FAILED (refused or gave up). */
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The Message-ID header Latchkey gave it, and the SMTP server's last reply. */
    messageId: text("message_id").notNull(),
    smtpResponse: text("smtp_response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * A message carrying a one-time code keeps its sealed body after delivery until its flow
     * expires (or ends sooner: verified, locked), so support may resend it; null for every other
     * message, whose body is shredded once delivered or given up.
     */
    resendableUntil: timestamp("resendable_until", { withTimezone: true }),
    /** How often it was resent (resend_outbox_message), at most MAX_RESENDS. */
    resends: integer("resends").notNull().default(0),
  },
  (t) => [index("email_messages_to_idx").on(t.organizationId, t.toAddress, t.id)],
);

/** The reference's e-mail events (Send, Delivery, DeliveryDelay, Bounce), one row per event. */
export const emailEvents = pgTable(
  "email_events",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    messageId: text("message_id")
      .notNull()
      .references(() => emailMessages.id),
    eventType: text("event_type").notNull(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    /** deliverySmtpResponse or diagnosticCode, by event type. */
    detail: text("detail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("email_events_to_idx").on(t.organizationId, t.toAddress, t.id)],
);

/**
 * The embedded SMTP sink's mailbox (LATCHKEY_SMTP_URL unset): what it received over SMTP, as the
 * recipient's stand-in, for operators to read on the Outbox page. Never filled with a real SMTP server.
 */
export const emailSinkMessages = pgTable("email_sink_messages", {
  id: text("id").primaryKey(),
  envelopeFrom: text("envelope_from").notNull(),
  envelopeTo: text("envelope_to").array().notNull(),
  subject: text("subject").notNull(),
  messageId: text("message_id"),
  text: text("text").notNull(),
  html: text("html"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
});

export type EmailMessageRow = typeof emailMessages.$inferSelect;
export type EmailEventRow = typeof emailEvents.$inferSelect;
