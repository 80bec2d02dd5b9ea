CREATE INDEX "guest_accounts_username_trgm" ON "guest_accounts" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "guest_accounts_email_trgm" ON "guest_accounts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "guest_accounts_note_trgm" ON "guest_accounts" USING gin ("note" gin_trgm_ops);