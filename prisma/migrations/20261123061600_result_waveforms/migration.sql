-- AlterTable
ALTER TABLE "Result" ADD COLUMN     "waveforms" JSONB;

