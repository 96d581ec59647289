-- AlterTable
ALTER TABLE "ClientToken" ADD COLUMN     "clientReferenceId" TEXT,
ADD COLUMN     "metadata" JSONB;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "clientReferenceId" TEXT,
ADD COLUMN     "metadata" JSONB;

