CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"im_id" text NOT NULL,
	"im_token" text NOT NULL,
	"nickname" text NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"phone" text,
	"email" text,
	"wechat_union_id" text,
	"wechat_open_id" text,
	"is_service" smallint DEFAULT 0 NOT NULL,
	"is_monk" smallint DEFAULT 0 NOT NULL,
	"is_manager" smallint DEFAULT 0 NOT NULL,
	"invite_code" text NOT NULL,
	"parent_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_im_id_unique" UNIQUE("im_id"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_wechat_union_id_unique" UNIQUE("wechat_union_id"),
	CONSTRAINT "users_wechat_open_id_unique" UNIQUE("wechat_open_id"),
	CONSTRAINT "users_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "users_is_service_flag" CHECK ("users"."is_service" in (0, 1)),
	CONSTRAINT "users_is_monk_flag" CHECK ("users"."is_monk" in (0, 1)),
	CONSTRAINT "users_is_manager_flag" CHECK ("users"."is_manager" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "monks" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"temple_id" integer NOT NULL,
	"user_id" integer,
	"name" jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"bio" jsonb NOT NULL,
	"avatar" text NOT NULL,
	"specialties" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "monks_slug_unique" UNIQUE("slug"),
	CONSTRAINT "monks_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"temple_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"cover" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"label" jsonb NOT NULL,
	"days" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_options_product_sort_unique" UNIQUE("product_id","sort_order"),
	CONSTRAINT "product_options_price_positive" CHECK ("product_options"."price_fen" > 0),
	CONSTRAINT "product_options_days_positive" CHECK ("product_options"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"cover" text NOT NULL,
	"monk_id" integer,
	"ask_beneficiary" boolean DEFAULT false NOT NULL,
	"ask_wish" boolean DEFAULT false NOT NULL,
	"ask_birth_date" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_category_known" CHECK ("category" in ('lamp', 'incense', 'sutra', 'prayer', 'release', 'plaque'))
);
--> statement-breakpoint
CREATE TABLE "static_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"sections" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "static_pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "temples" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"location" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"founded" jsonb NOT NULL,
	"cover" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "temples_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monks" ADD CONSTRAINT "monks_temple_id_temples_id_fk" FOREIGN KEY ("temple_id") REFERENCES "public"."temples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monks" ADD CONSTRAINT "monks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_temple_id_temples_id_fk" FOREIGN KEY ("temple_id") REFERENCES "public"."temples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_monk_id_monks_id_fk" FOREIGN KEY ("monk_id") REFERENCES "public"."monks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monks_temple_idx" ON "monks" USING btree ("temple_id");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("active","sort_order","id");