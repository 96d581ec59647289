-- DropForeignKey
ALTER TABLE "RateLimitHit" DROP CONSTRAINT "RateLimitHit_developerId_fkey";

-- DropTable
DROP TABLE "RateLimitHit";

-- CreateTable
CREATE TABLE "RateHit" (
    "developerId" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateHit_pkey" PRIMARY KEY ("developerId","seq")
);

-- CreateTable
CREATE TABLE "RateCounter" (
    "developerId" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
    "lastAt" TIMESTAMP(3) NOT NULL,
    "lastAllowed" BOOLEAN NOT NULL,

    CONSTRAINT "RateCounter_pkey" PRIMARY KEY ("developerId")
);

-- CreateIndex
CREATE INDEX "RateHit_developerId_at_idx" ON "RateHit"("developerId", "at");

-- CreateIndex
CREATE INDEX "RateHit_at_idx" ON "RateHit"("at");

-- AddForeignKey
ALTER TABLE "RateHit" ADD CONSTRAINT "RateHit_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Developer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RateCounter" ADD CONSTRAINT "RateCounter_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Developer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

