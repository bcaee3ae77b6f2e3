CREATE TABLE "payment_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_intent_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_id" uuid,
	"account_id" uuid,
	"attached_invoice_id" uuid,
	"refund_id" text,
	"error" text,
	"detected_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_incidents_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "request_key" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD CONSTRAINT "payment_incidents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD CONSTRAINT "payment_incidents_attached_invoice_id_invoices_id_fk" FOREIGN KEY ("attached_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_incidents_created_idx" ON "payment_incidents" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_request_key_idx" ON "subscriptions" USING btree ("account_id","request_key");