-- AlterTable
ALTER TABLE "Developer" ADD COLUMN     "stripeSubscriptionStatus" TEXT;

-- CreateTable
CREATE TABLE "SupportNote" (
    "id" UUID NOT NULL,
    "developerId" UUID NOT NULL,
    "authorId" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SupportNote_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SupportNote_developerId_createdAt_idx" ON "SupportNote"("developerId", "createdAt");

-- CreateIndex
CREATE INDEX "Developer_status_createdAt_idx" ON "Developer"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Developer_createdAt_idx" ON "Developer"("createdAt");

-- CreateIndex
CREATE INDEX "UsageMonth_month_scanCount_idx" ON "UsageMonth"("month", "scanCount");

-- CreateIndex
CREATE INDEX "AuditLog_targetId_createdAt_idx" ON "AuditLog"("targetId", "createdAt");

-- AddForeignKey
ALTER TABLE "SupportNote" ADD CONSTRAINT "SupportNote_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Developer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

