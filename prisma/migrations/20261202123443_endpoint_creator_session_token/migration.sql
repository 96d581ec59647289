-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "uploadMinute" TIMESTAMP(3),
ADD COLUMN     "uploadMinuteCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "clientTokenId" UUID,
ADD COLUMN     "uploadRequests" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "createdById" UUID;

-- CreateIndex
CREATE INDEX "WebhookEndpoint_developerId_createdById_idx" ON "WebhookEndpoint"("developerId", "createdById");

