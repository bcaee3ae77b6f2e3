CREATE TABLE "regions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "room_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"min_ping_ms" double precision NOT NULL,
	"max_ping_ms" double precision NOT NULL,
	"average_ping_ms" double precision NOT NULL,
	"sigma_ping_ms" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"server_id" uuid,
	"remote_id" text NOT NULL,
	"ip" text NOT NULL,
	"port" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "servers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"region_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"capacity" integer NOT NULL,
	"status" text DEFAULT 'paused' NOT NULL,
	"last_health_at" timestamp with time zone,
	"last_health_ok" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_invitations" (
	"session_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"invited_by_id" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_invitations_session_id_account_id_pk" PRIMARY KEY("session_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "session_players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"room_id" uuid,
	"slot" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"last_keepalive_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"leave_reason" text,
	"leave_token_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"public" boolean DEFAULT true NOT NULL,
	"cover_picture" text,
	"password_hash" text,
	"organizer_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text,
	"max_players" integer NOT NULL,
	"running_since" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_metrics" ADD CONSTRAINT "room_metrics_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_metrics" ADD CONSTRAINT "room_metrics_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servers" ADD CONSTRAINT "servers_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_invitations" ADD CONSTRAINT "session_invitations_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_invitations" ADD CONSTRAINT "session_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_invitations" ADD CONSTRAINT "session_invitations_invited_by_id_accounts_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_players" ADD CONSTRAINT "session_players_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_players" ADD CONSTRAINT "session_players_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_players" ADD CONSTRAINT "session_players_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_posts" ADD CONSTRAINT "session_posts_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_posts" ADD CONSTRAINT "session_posts_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_organizer_id_accounts_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_metrics_room_idx" ON "room_metrics" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_one_open_per_session_key" ON "rooms" USING btree ("session_id") WHERE "rooms"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "rooms_server_idx" ON "rooms" USING btree ("server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "servers_url_key" ON "servers" USING btree ("url");--> statement-breakpoint
CREATE INDEX "session_invitations_account_idx" ON "session_invitations" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_players_slot_key" ON "session_players" USING btree ("session_id","slot") WHERE "session_players"."left_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "session_players_present_key" ON "session_players" USING btree ("session_id","account_id") WHERE "session_players"."left_at" IS NULL;--> statement-breakpoint
CREATE INDEX "session_players_account_joined_idx" ON "session_players" USING btree ("account_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "session_players_leave_token_key" ON "session_players" USING btree ("leave_token_hash");--> statement-breakpoint
CREATE INDEX "session_posts_created_idx" ON "session_posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_live_idx" ON "sessions" USING btree ("starts_at") WHERE "sessions"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sessions_organizer_idx" ON "sessions" USING btree ("organizer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_account_idx" ON "subscriptions" USING btree ("account_id");