-- CreateEnum
CREATE TYPE "MemberRole" AS ENUM ('owner', 'admin', 'developer', 'billing', 'viewer');

-- DropForeignKey
ALTER TABLE "ApiKey" DROP CONSTRAINT "ApiKey_developerId_fkey";

-- DropForeignKey
ALTER TABLE "ClientToken" DROP CONSTRAINT "ClientToken_developerId_fkey";

-- DropForeignKey
ALTER TABLE "Session" DROP CONSTRAINT "Session_developerId_fkey";

-- DropForeignKey
ALTER TABLE "UsageMonth" DROP CONSTRAINT "UsageMonth_developerId_fkey";

-- DropForeignKey
ALTER TABLE "TryItDay" DROP CONSTRAINT "TryItDay_developerId_fkey";

-- DropForeignKey
ALTER TABLE "RateHit" DROP CONSTRAINT "RateHit_developerId_fkey";

-- DropForeignKey
ALTER TABLE "RateCounter" DROP CONSTRAINT "RateCounter_developerId_fkey";

-- DropForeignKey
ALTER TABLE "RequestLog" DROP CONSTRAINT "RequestLog_developerId_fkey";

-- DropForeignKey
ALTER TABLE "WebhookEndpoint" DROP CONSTRAINT "WebhookEndpoint_developerId_fkey";

-- DropForeignKey
ALTER TABLE "WebhookEvent" DROP CONSTRAINT "WebhookEvent_developerId_fkey";

-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "organizationId" UUID;

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "createdById" UUID;

-- CreateTable
CREATE TABLE "Organization" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "personal" BOOLEAN NOT NULL DEFAULT false,
    "status" "DeveloperStatus" NOT NULL DEFAULT 'active',
    "plan" "Plan" NOT NULL DEFAULT 'starter',
    "stripeCustomerId" TEXT,
    "stripeSubscriptionId" TEXT,
    "stripeEventAt" TIMESTAMP(3),
    "stripeSubscriptionStatus" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Organization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "organizationId" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "role" "MemberRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("organizationId","accountId")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedById" UUID,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "acceptedById" UUID,
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Organization_stripeCustomerId_key" ON "Organization"("stripeCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "Organization_stripeSubscriptionId_key" ON "Organization"("stripeSubscriptionId");

-- CreateIndex
CREATE INDEX "Organization_createdAt_idx" ON "Organization"("createdAt");

-- CreateIndex
CREATE INDEX "Membership_accountId_createdAt_idx" ON "Membership"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "Membership_organizationId_createdAt_idx" ON "Membership"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");

-- CreateIndex
CREATE INDEX "Invitation_organizationId_createdAt_idx" ON "Invitation"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_organizationId_createdAt_idx" ON "AuditLog"("organizationId", "createdAt");

-- Every account becomes the owner of a personal organization with the account's own id, holding
-- its plan and billing: the "developerId" values of keys, sessions, usage, logs and webhooks
-- stay what they were and now name that organization.
INSERT INTO "Organization" (id, name, personal, status, plan, "stripeCustomerId", "stripeSubscriptionId",
  "stripeEventAt", "stripeSubscriptionStatus", "createdAt", "updatedAt")
SELECT id, COALESCE(NULLIF(company, ''), name), true, status, plan, "stripeCustomerId", "stripeSubscriptionId",
  "stripeEventAt", "stripeSubscriptionStatus", "createdAt", CURRENT_TIMESTAMP
FROM "Developer";

INSERT INTO "Membership" ("organizationId", "accountId", role, "createdAt")
SELECT id, id, 'owner', "createdAt" FROM "Developer";

-- An existing key was made by the account that owned it.
UPDATE "ApiKey" SET "createdById" = "developerId";

-- The audit rows of actions in what is now the personal organization (keys, billing, Try it,
-- webhooks, plan changes) belong to its trail; account actions (sign-in, password, profile) do not.
UPDATE "AuditLog" a SET "organizationId" = k."developerId"
FROM "ApiKey" k WHERE a.action LIKE 'api\_key.%' AND a."targetId" = k.id::text;
UPDATE "AuditLog" SET "organizationId" = "actorId"
WHERE "organizationId" IS NULL AND "actorType" = 'developer'
  AND (action LIKE 'billing.%' OR action LIKE 'try\_it.%' OR action LIKE 'webhook%')
  AND "actorId" IN (SELECT id FROM "Organization");
UPDATE "AuditLog" SET "organizationId" = "targetId"::uuid
WHERE action = 'developer.plan_change' AND "targetId" IN (SELECT id::text FROM "Organization");

-- DropIndex
DROP INDEX "Developer_stripeCustomerId_key";

-- DropIndex
DROP INDEX "Developer_stripeSubscriptionId_key";

-- AlterTable
ALTER TABLE "Developer" DROP COLUMN "plan",
DROP COLUMN "stripeCustomerId",
DROP COLUMN "stripeEventAt",
DROP COLUMN "stripeSubscriptionId",
DROP COLUMN "stripeSubscriptionStatus";

-- One rule in one place: an account always has its personal organization, made with it, following
-- its status (the key gate), and deleted with it.
CREATE FUNCTION personal_organization_follows_account() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "Organization" (id, name, personal, status, "createdAt", "updatedAt")
    VALUES (NEW.id, COALESCE(NULLIF(NEW.company, ''), NEW.name), true, NEW.status, NEW."createdAt", CURRENT_TIMESTAMP);
    INSERT INTO "Membership" ("organizationId", "accountId", role, "createdAt")
    VALUES (NEW.id, NEW.id, 'owner', NEW."createdAt");
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "Organization" SET status = NEW.status, "updatedAt" = CURRENT_TIMESTAMP
    WHERE id = NEW.id AND personal AND status IS DISTINCT FROM NEW.status;
    RETURN NEW;
  ELSE
    DELETE FROM "Organization" WHERE id = OLD.id AND personal;
    RETURN OLD;
  END IF;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Developer_personal_organization_insert" AFTER INSERT ON "Developer"
  FOR EACH ROW EXECUTE FUNCTION personal_organization_follows_account();
CREATE TRIGGER "Developer_personal_organization_status" AFTER UPDATE OF status ON "Developer"
  FOR EACH ROW EXECUTE FUNCTION personal_organization_follows_account();
CREATE TRIGGER "Developer_personal_organization_delete" AFTER DELETE ON "Developer"
  FOR EACH ROW EXECUTE FUNCTION personal_organization_follows_account();

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Developer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClientToken" ADD CONSTRAINT "ClientToken_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageMonth" ADD CONSTRAINT "UsageMonth_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TryItDay" ADD CONSTRAINT "TryItDay_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RateHit" ADD CONSTRAINT "RateHit_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RateCounter" ADD CONSTRAINT "RateCounter_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RequestLog" ADD CONSTRAINT "RequestLog_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEvent" ADD CONSTRAINT "WebhookEvent_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

