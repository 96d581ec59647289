-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "clientTokenId" UUID;

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "createdById" UUID;

-- CreateIndex
CREATE INDEX "WebhookEndpoint_developerId_createdById_idx" ON "WebhookEndpoint"("developerId", "createdById");

