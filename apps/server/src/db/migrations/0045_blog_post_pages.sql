CREATE TABLE "blog_post_pages" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"version" text NOT NULL,
	"html" text NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_post_pages" ADD CONSTRAINT "blog_post_pages_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;