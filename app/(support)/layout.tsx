import { PortalNav } from "@/components/portal/portal-nav";
import { requireStaff } from "./require-staff";

// Staff only; anyone else gets the same 404 as an unknown page.
export default async function SupportLayout({ children }: { children: React.ReactNode }) {
  const developer = await requireStaff();
  return (
    <div className="min-h-screen md:flex">
      <PortalNav email={developer.email} plan="staff" organization="Support console" staff />
      <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 md:px-10 md:py-10">
        <div className="mx-auto max-w-5xl">{children}</div>
      </main>
    </div>
  );
}
