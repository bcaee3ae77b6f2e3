-- Private messages (issue 13, docs/decisions/0032-private-messages.md): conversations, one row per member, the messages;
-- the message-emails preference on accounts. Deleting an account sets its ids to null: the other member keeps the history.
CREATE TABLE "conversation_members" (
	"conversation_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"other_id" uuid,
	"read_seq" bigint DEFAULT 0 NOT NULL,
	"read_message_id" uuid,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"unread_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_emailed_at" timestamp with time zone,
	CONSTRAINT "conversation_members_account_id_conversation_id_pk" PRIMARY KEY("account_id","conversation_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_low" uuid,
	"member_high" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_pair_ordered" CHECK ("conversations"."member_low" < "conversations"."member_high")
);
--> statement-breakpoint
CREATE TABLE "private_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author_id" uuid,
	"contents" text NOT NULL,
	"client_message_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "message_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_other_id_accounts_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_low_accounts_id_fk" FOREIGN KEY ("member_low") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_high_accounts_id_fk" FOREIGN KEY ("member_high") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_messages" ADD CONSTRAINT "private_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_messages" ADD CONSTRAINT "private_messages_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_list_idx" ON "conversation_members" USING btree ("account_id","updated_at" DESC NULLS LAST,"conversation_id");--> statement-breakpoint
CREATE INDEX "conversation_members_other_idx" ON "conversation_members" USING btree ("other_id");--> statement-breakpoint
CREATE INDEX "conversation_members_unread_idx" ON "conversation_members" USING btree ("unread_since") WHERE "conversation_members"."unread_since" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_key" ON "conversations" USING btree ("member_low","member_high");--> statement-breakpoint
CREATE INDEX "conversations_member_high_idx" ON "conversations" USING btree ("member_high");--> statement-breakpoint
CREATE UNIQUE INDEX "private_messages_seq_key" ON "private_messages" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "private_messages_client_key" ON "private_messages" USING btree ("conversation_id","author_id","client_message_id");--> statement-breakpoint
CREATE INDEX "private_messages_conversation_seq_idx" ON "private_messages" USING btree ("conversation_id","seq" DESC NULLS LAST);