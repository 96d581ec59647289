-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "previousKeyHash" TEXT,
ADD COLUMN     "previousPrefix" TEXT,
ADD COLUMN     "previousValidUntil" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_previousKeyHash_key" ON "ApiKey"("previousKeyHash");

