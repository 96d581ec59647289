-- AlterTable
ALTER TABLE "Developer" ADD COLUMN     "stripeEventAt" TIMESTAMP(3);

