-- CreateTable
CREATE TABLE "ClientToken" (
    "id" UUID NOT NULL,
    "apiKeyId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "origins" TEXT[],
    "maxScans" INTEGER NOT NULL,
    "scansUsed" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClientToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ClientToken_tokenHash_key" ON "ClientToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ClientToken_apiKeyId_idx" ON "ClientToken"("apiKeyId");

-- CreateIndex
CREATE INDEX "ClientToken_expiresAt_idx" ON "ClientToken"("expiresAt");

-- AddForeignKey
ALTER TABLE "ClientToken" ADD CONSTRAINT "ClientToken_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

