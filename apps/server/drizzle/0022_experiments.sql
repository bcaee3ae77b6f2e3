CREATE TABLE "ab_assignments" (
	"test_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"exposed_at" timestamp with time zone,
	CONSTRAINT "ab_assignments_test_id_account_id_pk" PRIMARY KEY("test_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "ab_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"status" text NOT NULL,
	"variants" jsonb NOT NULL,
	"hash_version" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "onboarding_skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ab_assignments" ADD CONSTRAINT "ab_assignments_test_id_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_assignments" ADD CONSTRAINT "ab_assignments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ab_assignments_account_idx" ON "ab_assignments" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ab_tests_key_key" ON "ab_tests" USING btree ("key");--> statement-breakpoint
-- The one experiment the web runs (issue 14, point 2): the onboarding's order of its second and third steps, half
-- and half. An administrator can delete it (the web then keeps the first order) or create it again.
INSERT INTO "ab_tests" ("key", "status", "variants") VALUES ('onboarding-step-order', 'running', '[{"key":"selfcheck-first","weight":1},{"key":"profile-first","weight":1}]'::jsonb);
