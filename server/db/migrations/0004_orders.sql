CREATE TABLE "blessing_joins" (
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blessing_joins_order_id_user_id_pk" PRIMARY KEY("order_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "order_status_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"master_order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"product_title" jsonb NOT NULL,
	"option_label" jsonb NOT NULL,
	"days" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_fen" integer NOT NULL,
	"total_fen" integer NOT NULL,
	"beneficiary_name" text,
	"wish" text,
	"birth_date" date,
	"show_on_wall" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"payer_openid" text,
	"oauth_state_hash" text,
	"oauth_state_expires_at" timestamp with time zone,
	"pay_channel" text,
	"pay_attempt" smallint DEFAULT 0 NOT NULL,
	"out_trade_no" text,
	"prepay_id" text,
	"code_url" text,
	"prepay_openid" text,
	"prepay_at" timestamp with time zone,
	"transaction_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"service_started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "orders_master_order_no_unique" UNIQUE("master_order_no"),
	CONSTRAINT "orders_out_trade_no_unique" UNIQUE("out_trade_no"),
	CONSTRAINT "orders_status_known" CHECK ("status" in ('pending_payment', 'paid', 'in_service', 'completed', 'cancelled', 'refunded')),
	CONSTRAINT "orders_quantity_range" CHECK ("orders"."quantity" between 1 and 99),
	CONSTRAINT "orders_total_is_price_times_quantity" CHECK ("orders"."total_fen" = "orders"."unit_price_fen" * "orders"."quantity" and "orders"."total_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"source" text NOT NULL,
	"notification_id" text,
	"out_trade_no" text NOT NULL,
	"transaction_id" text,
	"trade_state" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fate_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"birth_date" date NOT NULL,
	"birth_hour" smallint,
	"wish" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fate_signups_status_known" CHECK ("status" in ('pending', 'matched', 'closed')),
	CONSTRAINT "fate_signups_gender_known" CHECK ("gender" in ('male', 'female')),
	CONSTRAINT "fate_signups_birth_hour_range" CHECK ("fate_signups"."birth_hour" is null or "fate_signups"."birth_hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "manager_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"region" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "manager_applications_status_known" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "prayer_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sender_user_id" integer NOT NULL,
	"status" text NOT NULL,
	"signature_file" text,
	"signature_width" integer,
	"signature_height" integer,
	"contract_message_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone,
	CONSTRAINT "prayer_agreements_status_known" CHECK ("status" in ('sent', 'signed')),
	CONSTRAINT "prayer_agreements_signed_has_file" CHECK (("status" = 'signed') = ("prayer_agreements"."signature_file" is not null))
);
--> statement-breakpoint
ALTER TABLE "blessing_joins" ADD CONSTRAINT "blessing_joins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blessing_joins" ADD CONSTRAINT "blessing_joins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fate_signups" ADD CONSTRAINT "fate_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_applications" ADD CONSTRAINT "manager_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_agreements" ADD CONSTRAINT "prayer_agreements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_agreements" ADD CONSTRAINT "prayer_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_agreements" ADD CONSTRAINT "prayer_agreements_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_agreements" ADD CONSTRAINT "prayer_agreements_signature_file_uploaded_files_name_fk" FOREIGN KEY ("signature_file") REFERENCES "public"."uploaded_files"("name") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_events_order_idx" ON "order_status_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_wall_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."show_on_wall" = true and "orders"."paid_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_notification_unique" ON "payment_events" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fate_signups_one_active" ON "fate_signups" USING btree ("user_id") WHERE "status" <> 'closed';--> statement-breakpoint
CREATE INDEX "fate_signups_user_idx" ON "fate_signups" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "manager_applications_one_pending" ON "manager_applications" USING btree ("user_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "manager_applications_user_idx" ON "manager_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "prayer_agreements_one_per_order" ON "prayer_agreements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "prayer_agreements_user_idx" ON "prayer_agreements" USING btree ("user_id");