-- AlterTable
ALTER TABLE "UsageMonth" ADD COLUMN     "alert100SentAt" TIMESTAMP(3),
ADD COLUMN     "alert80SentAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "KeyUsageDay" (
    "apiKeyId" UUID NOT NULL,
    "day" TEXT NOT NULL,
    "scanCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "KeyUsageDay_pkey" PRIMARY KEY ("apiKeyId","day")
);

-- AddForeignKey
ALTER TABLE "KeyUsageDay" ADD CONSTRAINT "KeyUsageDay_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

