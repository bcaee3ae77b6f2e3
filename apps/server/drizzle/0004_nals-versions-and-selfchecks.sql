CREATE TABLE "nals_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"release_notes_en" text NOT NULL,
	"release_notes_fr" text NOT NULL,
	"download_linux" text NOT NULL,
	"download_windows" text NOT NULL,
	"download_mac" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selfchecks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"room_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "app_downloaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "selfchecks" ADD CONSTRAINT "selfchecks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nals_versions_version_key" ON "nals_versions" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "nals_versions_one_enabled_key" ON "nals_versions" USING btree ("enabled") WHERE "nals_versions"."enabled";--> statement-breakpoint
CREATE INDEX "selfchecks_account_idx" ON "selfchecks" USING btree ("account_id");