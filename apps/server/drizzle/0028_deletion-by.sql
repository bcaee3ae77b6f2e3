ALTER TABLE "accounts" ADD COLUMN "deletion_by" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_deletion_by" CHECK ("accounts"."deletion_by" in ('self', 'admin'));--> statement-breakpoint
-- Deletions asked before this column: by an administrator when the audit log recorded one (account.delete), else by the owner.
UPDATE "accounts" SET "deletion_by" = CASE WHEN EXISTS (SELECT 1 FROM "audit_log" WHERE "audit_log"."action" = 'account.delete' AND "audit_log"."target_id" = "accounts"."id") THEN 'admin' ELSE 'self' END WHERE "deletion_requested_at" IS NOT NULL;
