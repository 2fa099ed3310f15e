DROP INDEX "im_conversations_uid_version";--> statement-breakpoint
ALTER TABLE "im_channels" ADD COLUMN "uid_lo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "im_channels" ADD COLUMN "uid_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "im_channels" ADD COLUMN "conv_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "im_channels" ADD COLUMN "conv_message_id" bigint;--> statement-breakpoint
ALTER TABLE "im_channels" ADD COLUMN "conv_client_msg_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "im_channels" ADD COLUMN "conv_timestamp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "im_channels" ADD COLUMN "lo_sent_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "im_channels" ADD COLUMN "hi_sent_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "im_channels" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "im_channels_uid_lo" ON "im_channels" USING btree ("uid_lo");--> statement-breakpoint
CREATE INDEX "im_channels_uid_hi" ON "im_channels" USING btree ("uid_hi");--> statement-breakpoint
ALTER TABLE "im_conversations" DROP COLUMN "last_message_id";--> statement-breakpoint
ALTER TABLE "im_conversations" DROP COLUMN "last_message_seq";--> statement-breakpoint
ALTER TABLE "im_conversations" DROP COLUMN "last_client_msg_no";--> statement-breakpoint
ALTER TABLE "im_conversations" DROP COLUMN "timestamp";--> statement-breakpoint
ALTER TABLE "im_conversations" DROP COLUMN "unread";