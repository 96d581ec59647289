-- CreateEnum
CREATE TYPE "ClientTokenPurpose" AS ENUM ('sdk', 'try_it');

-- AlterTable
ALTER TABLE "ClientToken" ADD COLUMN     "developerId" UUID,
ADD COLUMN     "purpose" "ClientTokenPurpose" NOT NULL DEFAULT 'sdk',
ALTER COLUMN "apiKeyId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "tryIt" BOOLEAN NOT NULL DEFAULT false,
ALTER COLUMN "apiKeyId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "TryItDay" (
    "developerId" UUID NOT NULL,
    "day" TEXT NOT NULL,
    "scanCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TryItDay_pkey" PRIMARY KEY ("developerId","day")
);

-- CreateIndex
CREATE INDEX "ClientToken_developerId_idx" ON "ClientToken"("developerId");

-- AddForeignKey
ALTER TABLE "ClientToken" ADD CONSTRAINT "ClientToken_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Developer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TryItDay" ADD CONSTRAINT "TryItDay_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Developer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

