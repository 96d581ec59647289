-- AlterTable
ALTER TABLE "Developer" ADD COLUMN     "signupContestedAt" TIMESTAMP(3);

