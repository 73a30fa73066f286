ALTER TABLE "banners" ADD COLUMN "banner_type" varchar(13) DEFAULT 'Secondary' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "section" varchar(100);--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "mobile" uuid;