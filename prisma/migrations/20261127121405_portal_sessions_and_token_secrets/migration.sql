-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "secretVersion" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ClientToken" ADD COLUMN     "keySecretVersion" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "PortalSession" (
    "id" UUID NOT NULL,
    "developerId" UUID NOT NULL,
    "secondFactor" BOOLEAN NOT NULL DEFAULT false,
    "mailedCodeHash" TEXT,
    "mailedCodeExpiresAt" TIMESTAMP(3),
    "mailedCodeProvedAt" TIMESTAMP(3),
    "ip" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PortalSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PortalSession_developerId_idx" ON "PortalSession"("developerId");

-- CreateIndex
CREATE INDEX "PortalSession_expiresAt_idx" ON "PortalSession"("expiresAt");

-- AddForeignKey
ALTER TABLE "PortalSession" ADD CONSTRAINT "PortalSession_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Developer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

