-- The dashboard: accounts of the people who use the API, their one-time password links,
-- their sign-in sessions and failed sign-ins, key ownership, and per-minute key usage.

-- CreateEnum
CREATE TYPE "usage_channel" AS ENUM ('http', 'mcp');

-- CreateTable
CREATE TABLE "accounts" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT,
    "is_admin" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "disabled_at" TIMESTAMPTZ(3),

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_links" (
    "token_hash" BYTEA NOT NULL,
    "account_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "password_links_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "sessions" (
    "token_hash" BYTEA NOT NULL,
    "account_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "sign_in_failures" (
    "id" BIGSERIAL NOT NULL,
    "subject" TEXT NOT NULL,
    "failed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_failures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "key_usage_minutes" (
    "api_key_id" TEXT NOT NULL,
    "minute" TIMESTAMPTZ(3) NOT NULL,
    "channel" "usage_channel" NOT NULL,
    "lookups" INTEGER NOT NULL DEFAULT 0,
    "refused" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "key_usage_minutes_pkey" PRIMARY KEY ("api_key_id","minute","channel")
);

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN "account_id" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts"("email");

-- CreateIndex
CREATE INDEX "password_links_account_id_idx" ON "password_links"("account_id");

-- CreateIndex
CREATE INDEX "sessions_account_id_idx" ON "sessions"("account_id");

-- CreateIndex
CREATE INDEX "sign_in_failures_subject_failed_at_idx" ON "sign_in_failures"("subject", "failed_at");

-- CreateIndex
CREATE INDEX "key_usage_minutes_minute_idx" ON "key_usage_minutes"("minute");

-- CreateIndex
CREATE INDEX "api_keys_account_id_idx" ON "api_keys"("account_id");

-- AddForeignKey
ALTER TABLE "password_links" ADD CONSTRAINT "password_links_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "key_usage_minutes" ADD CONSTRAINT "key_usage_minutes_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
