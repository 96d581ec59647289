import type { ReactNode } from "react";
import { requireMember } from "../require-member";

// The role check sits above this page's loading.tsx: refused inside its Suspense boundary, the
// page would already have streamed 200 (docs/teams.md, "Portal": a page the role may not see is 404).
export default async function Layout({ children }: { children: ReactNode }) {
  await requireMember("billing.manage");
  return children;
}
