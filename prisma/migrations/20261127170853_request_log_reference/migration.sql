-- AlterTable
ALTER TABLE "RequestLog" ADD COLUMN     "clientReferenceId" TEXT;

