import type { Metadata } from "next";
import { requireDeveloper } from "../require-developer";
import { getProfile } from "@/lib/accounts/profile";
import { Card, PageHeader } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { ProfileForm } from "@/components/portal/profile-form";
import Link from "next/link";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const developer = await requireDeveloper();
  const profile = await getProfile(developer.id);
  return (
    <>
      <PageHeader title="Settings" description="Your profile and account." />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Profile">
          <ProfileForm name={profile.name} company={profile.company ?? ""} canEdit={profile.status === "active"} />
        </Card>
        <Card title="Account">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">E-mail</dt>
            <dd className="min-w-0 break-all">
              {profile.email}{" "}
              {profile.email_verified ? <Badge tone="green">verified</Badge> : <Badge tone="amber">not verified</Badge>}
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">Status</dt>
            <dd>{profile.status}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Plan</dt>
            <dd>{profile.plan}</dd>
            <dt className="text-slate-600 dark:text-slate-400">Member since</dt>
            <dd>{new Date(profile.created_at * 1000).toISOString().slice(0, 10)}</dd>
          </dl>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            To change your password, sign out and use &ldquo;Forgot your password?&rdquo;. A new password signs you out
            everywhere.
          </p>
          <p className="mt-2 text-sm">
            Two-factor sign-in: {developer.totpEnabledAt ? "on" : "off"}.{" "}
            <Link href="/settings/security" className="font-medium text-indigo-700 underline dark:text-indigo-300">
              Security settings
            </Link>
          </p>
        </Card>
      </div>
    </>
  );
}
