CREATE SEQUENCE "public"."im_conversation_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."im_extra_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."im_reminder_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "im_channels" (
	"channel_key" text NOT NULL,
	"channel_type" smallint NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "im_channels_channel_key_channel_type_pk" PRIMARY KEY("channel_key","channel_type")
);
--> statement-breakpoint
CREATE TABLE "im_conversations" (
	"uid" text NOT NULL,
	"channel_id" text NOT NULL,
	"channel_type" smallint NOT NULL,
	"last_message_id" bigint NOT NULL,
	"last_message_seq" integer NOT NULL,
	"last_client_msg_no" text NOT NULL,
	"timestamp" integer NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"readed_to_seq" integer DEFAULT 0 NOT NULL,
	"deleted_to_seq" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT nextval('im_conversation_version') NOT NULL,
	CONSTRAINT "im_conversations_uid_channel_id_channel_type_pk" PRIMARY KEY("uid","channel_id","channel_type")
);
--> statement-breakpoint
CREATE TABLE "im_message_extras" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"channel_key" text NOT NULL,
	"channel_type" smallint NOT NULL,
	"readed" smallint DEFAULT 0 NOT NULL,
	"readed_at" timestamp with time zone,
	"readed_count" integer DEFAULT 0 NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"revoke" smallint DEFAULT 0 NOT NULL,
	"revoker" text,
	"is_edit" smallint DEFAULT 0 NOT NULL,
	"edited_at" timestamp with time zone,
	"content_edit" text,
	"extra_version" bigint DEFAULT nextval('im_extra_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "im_messages" (
	"id" bigint PRIMARY KEY NOT NULL,
	"channel_key" text NOT NULL,
	"channel_type" smallint NOT NULL,
	"message_seq" integer NOT NULL,
	"from_uid" text NOT NULL,
	"to_uid" text NOT NULL,
	"client_msg_no" text NOT NULL,
	"client_seq" integer DEFAULT 0 NOT NULL,
	"setting" smallint DEFAULT 0 NOT NULL,
	"header" smallint DEFAULT 0 NOT NULL,
	"content_type" integer NOT NULL,
	"expire" integer DEFAULT 0 NOT NULL,
	"topic" text,
	"timestamp" integer NOT NULL,
	"payload" text NOT NULL,
	CONSTRAINT "im_messages_channel_seq" UNIQUE("channel_key","channel_type","message_seq"),
	CONSTRAINT "im_messages_sender_client_msg_no" UNIQUE("from_uid","client_msg_no")
);
--> statement-breakpoint
CREATE TABLE "im_presence" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_offline_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "im_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"channel_id" text NOT NULL,
	"channel_type" smallint NOT NULL,
	"reminder_type" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"data" text,
	"message_id" bigint,
	"message_seq" integer DEFAULT 0 NOT NULL,
	"client_msg_no" text DEFAULT '' NOT NULL,
	"is_locate" smallint DEFAULT 0 NOT NULL,
	"done" smallint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT nextval('im_reminder_version') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "im_service_assignments" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"service_user_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "im_message_extras" ADD CONSTRAINT "im_message_extras_message_id_im_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."im_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_presence" ADD CONSTRAINT "im_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_service_assignments" ADD CONSTRAINT "im_service_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_service_assignments" ADD CONSTRAINT "im_service_assignments_service_user_id_users_id_fk" FOREIGN KEY ("service_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "im_conversations_uid_version" ON "im_conversations" USING btree ("uid","version");--> statement-breakpoint
CREATE INDEX "im_message_extras_channel_version" ON "im_message_extras" USING btree ("channel_key","channel_type","extra_version");--> statement-breakpoint
CREATE INDEX "im_reminders_uid_version" ON "im_reminders" USING btree ("uid","version");--> statement-breakpoint
CREATE INDEX "im_service_assignments_service_idx" ON "im_service_assignments" USING btree ("service_user_id");