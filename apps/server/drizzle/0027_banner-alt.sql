ALTER TABLE "banners" ADD COLUMN "alt_en" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "alt_fr" text;