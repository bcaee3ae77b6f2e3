-- Search without accents: pg_trgm and unaccent (both trusted extensions, so the database owner may create them; PGlite
-- loads them from its contrib bundles, see platform/db.ts). places_normalize names its dictionary, which makes it
-- immutable, as a stored generated column and its indexes require. Hand-written part: drizzle-kit generated the rest.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE FUNCTION public.places_normalize(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ascii_name" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"country" char(2) NOT NULL,
	"region" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"population" integer NOT NULL,
	"dataset_version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "city_names" (
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"search" text GENERATED ALWAYS AS (places_normalize("name")) STORED NOT NULL,
	"is_primary" boolean NOT NULL,
	"population" integer NOT NULL,
	"country" char(2) NOT NULL,
	CONSTRAINT "city_names_city_id_search_pk" PRIMARY KEY("city_id","search")
);
--> statement-breakpoint
CREATE TABLE "places_datasets" (
	"id" text PRIMARY KEY NOT NULL,
	"version" text,
	"city_count" integer DEFAULT 0 NOT NULL,
	"loaded_at" timestamp with time zone,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_names" ADD CONSTRAINT "city_names_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_names_search_prefix" ON "city_names" USING btree ("search" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "city_names_short_prefix" ON "city_names" USING btree ("search" text_pattern_ops) WHERE "is_primary" and "population" >= 15000;--> statement-breakpoint
CREATE INDEX "city_names_search_trgm" ON "city_names" USING gin ("search" gin_trgm_ops);