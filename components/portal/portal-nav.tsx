"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { BrandLink } from "@/components/ui/brand-link";
import { Badge } from "@/components/ui/badge";
import { useHydrated } from "@/components/ui/button";

const LINKS = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/keys", label: "API keys" },
  { href: "/try-it", label: "Try it" },
  { href: "/requests", label: "Request log" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/quickstart", label: "Quick start" },
  { href: "/api-reference", label: "API reference" },
  { href: "/billing", label: "Billing" },
  { href: "/team", label: "Team" },
  { href: "/settings", label: "Settings" },
];

const STAFF_LINKS = [
  { href: "/support", label: "Support" },
  { href: "/support/requests", label: "Request lookup" },
];

/** `hidden`: the pages the member's role may not open in this organization (lib/teams/roles.ts). */
export function PortalNav({
  email,
  plan,
  organization,
  hidden = [],
  staff = false,
}: {
  email: string;
  plan: string;
  organization: string;
  hidden?: string[];
  staff?: boolean;
}) {
  const pathname = usePathname();
  const [leaving, setLeaving] = useState(false);
  const hydrated = useHydrated();
  const links = (staff ? [...LINKS, ...STAFF_LINKS] : LINKS).filter((l) => !hidden.includes(l.href));
  const current = links
    .map((l) => l.href)
    .filter((href) => pathname === href || pathname.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];
  return (
    <header className="border-b border-slate-200 bg-white md:sticky md:top-0 md:flex md:h-screen md:w-60 md:shrink-0 md:flex-col md:border-r md:border-b-0 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center justify-between gap-2 px-4 pt-4 md:px-5 md:pt-6">
        <BrandLink href="/dashboard" className="text-lg" />
        <Badge tone="indigo">{plan}</Badge>
      </div>
      <p
        className="truncate px-4 pt-2 text-sm text-slate-600 md:px-5 dark:text-slate-400"
        data-testid="organization-name"
      >
        <Link href="/team" className="hover:underline">
          {organization}
        </Link>
      </p>
      <nav aria-label="Portal" className="px-2 py-3 md:flex-1 md:px-3 md:py-6">
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {links.map((link) => {
            // The longest matching link is the current one (/support/requests, not /support).
            const active = link.href === current;
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  aria-current={active ? "page" : undefined}
                  className={`block rounded-md px-3 py-2 text-sm font-medium ${
                    active
                      ? "bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
                      : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                  }`}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 md:flex-col md:items-stretch md:px-5 md:py-4 dark:border-slate-800">
        <p className="min-w-0 truncate text-sm text-slate-600 dark:text-slate-400" title={email}>
          {email}
        </p>
        <button
          type="button"
          onClick={() => {
            setLeaving(true);
            void signOut({ callbackUrl: "/login" });
          }}
          disabled={leaving || !hydrated}
          className="shrink-0 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          {leaving ? "Signing out…" : "Sign out"}
        </button>
      </div>
    </header>
  );
}
