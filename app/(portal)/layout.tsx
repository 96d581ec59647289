import { requireMember } from "./require-member";
import { can, type Operation } from "@/lib/teams/roles";
import { PortalNav } from "@/components/portal/portal-nav";
import { StatusBanner } from "@/components/portal/status-banner";

// What each organization page needs (its page calls requireMember with the same operation).
const PAGE_OPERATIONS: Record<string, Operation> = {
  "/keys": "keys.read",
  "/try-it": "try_it.use",
  "/requests": "requests.read",
  "/webhooks": "webhooks.read",
  "/billing": "billing.manage",
};

// Every portal page needs a signed-in developer with a current session version.
export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  const { developer, member } = await requireMember("usage.read");
  const hidden = Object.entries(PAGE_OPERATIONS)
    .filter(([, op]) => !can(member.role, op))
    .map(([href]) => href);
  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <PortalNav
        email={developer.email}
        plan={member.organization.plan}
        organization={member.organization.name}
        hidden={hidden}
        staff={developer.role === "staff"}
      />
      <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 md:px-10 md:py-10">
        <div className="mx-auto flex max-w-5xl flex-col gap-6">
          <StatusBanner status={developer.status} emailVerified={Boolean(developer.emailVerifiedAt)} />
          <div>{children}</div>
        </div>
      </main>
    </div>
  );
}
