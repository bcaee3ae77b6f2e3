CREATE TABLE "product_token_claims" (
	"token_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"subscription_id" uuid,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_token_claims_token_id_account_id_pk" PRIMARY KEY("token_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "product_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"product_id" uuid NOT NULL,
	"months" integer NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_tokens_code_unique" UNIQUE("code"),
	CONSTRAINT "product_tokens_uses_check" CHECK ("product_tokens"."uses" <= "product_tokens"."max_uses")
);
--> statement-breakpoint
-- Nothing wrote subscriptions before this release but tests, so rows without a product are test rows; the old
-- "expired" status is Stripe's "canceled".
DELETE FROM "subscriptions" WHERE "product_id" IS NULL;--> statement-breakpoint
UPDATE "subscriptions" SET "status" = 'canceled' WHERE "status" = 'expired';--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "product_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "source" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "current_period_start" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_token_claims" ADD CONSTRAINT "product_token_claims_token_id_product_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."product_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_token_claims" ADD CONSTRAINT "product_token_claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_token_claims" ADD CONSTRAINT "product_token_claims_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tokens" ADD CONSTRAINT "product_tokens_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;