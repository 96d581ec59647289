-- DropIndex
DROP INDEX "RequestLog_createdAt_idx";

-- CreateIndex
CREATE INDEX "RequestLog_createdAt_status_developerId_idx" ON "RequestLog"("createdAt", "status", "developerId");

