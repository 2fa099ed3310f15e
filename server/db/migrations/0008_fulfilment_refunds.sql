CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"out_refund_no" text NOT NULL,
	"status" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"review_reason" text,
	"reviewed_at" timestamp with time zone,
	"refund_id" text,
	"wechat_status" text,
	"refunded_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_refunds_out_refund_no_unique" UNIQUE("out_refund_no"),
	CONSTRAINT "order_refunds_status_known" CHECK ("status" in ('requested', 'declined', 'processing', 'succeeded', 'failed')),
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "refund_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_row_id" integer NOT NULL,
	"source" text NOT NULL,
	"notification_id" text,
	"wechat_status" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "actor_user_id" integer;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "planned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "planned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_events" ADD CONSTRAINT "refund_events_refund_row_id_order_refunds_id_fk" FOREIGN KEY ("refund_row_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_one_open" ON "order_refunds" USING btree ("order_id") WHERE "order_refunds"."status" in ('requested', 'processing');--> statement-breakpoint
CREATE INDEX "order_refunds_status_idx" ON "order_refunds" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_events_notification_unique" ON "refund_events" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "refund_events_refund_idx" ON "refund_events" USING btree ("refund_row_id");--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","id");--> statement-breakpoint
CREATE INDEX "quick_replies_updated_idx" ON "quick_replies" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_is_admin_flag" CHECK ("users"."is_admin" in (0, 1));