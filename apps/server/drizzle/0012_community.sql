-- The search columns use places_normalize() and the pg_trgm extension of migration 0011 (places).
CREATE TABLE "account_instruments" (
	"account_id" uuid NOT NULL,
	"instrument_id" text NOT NULL,
	"skill" text NOT NULL,
	"brand" text,
	"model" text,
	"rank" integer NOT NULL,
	CONSTRAINT "account_instruments_account_id_instrument_id_pk" PRIMARY KEY("account_id","instrument_id")
);
--> statement-breakpoint
CREATE TABLE "account_music_styles" (
	"account_id" uuid NOT NULL,
	"style_id" text NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "account_music_styles_account_id_style_id_pk" PRIMARY KEY("account_id","style_id")
);
--> statement-breakpoint
CREATE TABLE "account_social_links" (
	"account_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"network_id" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "account_social_links_account_id_rank_pk" PRIMARY KEY("account_id","rank")
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"followed_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followed_id_pk" PRIMARY KEY("follower_id","followed_id"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."followed_id")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"rank" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "country_code" char(2);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "biography" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "profile_picture" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "cover_picture" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "search_names" text GENERATED ALWAYS AS (places_normalize(username || ' ' || coalesce(displayed_username, ''))) STORED;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "search_place" text;--> statement-breakpoint
ALTER TABLE "account_instruments" ADD CONSTRAINT "account_instruments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_instruments" ADD CONSTRAINT "account_instruments_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_music_styles" ADD CONSTRAINT "account_music_styles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_music_styles" ADD CONSTRAINT "account_music_styles_style_id_music_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."music_styles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_social_links" ADD CONSTRAINT "account_social_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_social_links" ADD CONSTRAINT "account_social_links_network_id_social_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."social_networks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_accounts_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_accounts_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_accounts_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_id_accounts_id_fk" FOREIGN KEY ("followed_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_instruments_instrument_idx" ON "account_instruments" USING btree ("instrument_id","skill");--> statement-breakpoint
CREATE INDEX "account_music_styles_style_idx" ON "account_music_styles" USING btree ("style_id");--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "follows_followed_idx" ON "follows" USING btree ("followed_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_search_names_trgm_idx" ON "accounts" USING gin ("search_names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_search_place_trgm_idx" ON "accounts" USING gin ("search_place" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_country_code_idx" ON "accounts" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "accounts_city_id_idx" ON "accounts" USING btree ("city_id");--> statement-breakpoint
INSERT INTO "instruments" ("id", "name_en", "name_fr", "rank") VALUES
  ('vocals', 'Vocals', 'Chant', 1),
  ('acoustic-guitar', 'Acoustic guitar', 'Guitare acoustique', 2),
  ('electric-guitar', 'Electric guitar', 'Guitare électrique', 3),
  ('classical-guitar', 'Classical guitar', 'Guitare classique', 4),
  ('bass-guitar', 'Bass guitar', 'Guitare basse', 5),
  ('double-bass', 'Double bass', 'Contrebasse', 6),
  ('drums', 'Drums', 'Batterie', 7),
  ('percussion', 'Percussion', 'Percussions', 8),
  ('piano', 'Piano', 'Piano', 9),
  ('keyboards', 'Keyboards', 'Claviers', 10),
  ('organ', 'Organ', 'Orgue', 11),
  ('synthesizer', 'Synthesizer', 'Synthétiseur', 12),
  ('violin', 'Violin', 'Violon', 13),
  ('viola', 'Viola', 'Alto', 14),
  ('cello', 'Cello', 'Violoncelle', 15),
  ('flute', 'Flute', 'Flûte', 16),
  ('clarinet', 'Clarinet', 'Clarinette', 17),
  ('oboe', 'Oboe', 'Hautbois', 18),
  ('bassoon', 'Bassoon', 'Basson', 19),
  ('saxophone', 'Saxophone', 'Saxophone', 20),
  ('trumpet', 'Trumpet', 'Trompette', 21),
  ('trombone', 'Trombone', 'Trombone', 22),
  ('french-horn', 'French horn', 'Cor d’harmonie', 23),
  ('tuba', 'Tuba', 'Tuba', 24),
  ('harmonica', 'Harmonica', 'Harmonica', 25),
  ('accordion', 'Accordion', 'Accordéon', 26),
  ('ukulele', 'Ukulele', 'Ukulélé', 27),
  ('banjo', 'Banjo', 'Banjo', 28),
  ('mandolin', 'Mandolin', 'Mandoline', 29),
  ('harp', 'Harp', 'Harpe', 30),
  ('bagpipes', 'Bagpipes', 'Cornemuse', 31),
  ('djembe', 'Djembe', 'Djembé', 32),
  ('cajon', 'Cajón', 'Cajón', 33),
  ('turntables', 'Turntables', 'Platines', 34),
  ('electronics', 'Electronics and production', 'Électronique et production', 35),
  ('other', 'Other', 'Autre', 36);
