import { db } from "@/lib/db";

export type DeveloperSummary = {
  id: string;
  email: string;
  name: string;
  company: string | null;
  status: "pending" | "active" | "suspended";
  plan: "starter" | "pro" | "enterprise";
  email_verified: boolean;
  created_at: number;
};

/** The support console's search: accounts whose e-mail, name or company contains the text. */
export async function findDevelopers(query: string, limit = 25): Promise<DeveloperSummary[]> {
  const q = query.trim();
  if (!q) return [];
  const rows = await db.developer.findMany({
    where: {
      OR: [
        { email: { contains: q, mode: "insensitive" } },
        { name: { contains: q, mode: "insensitive" } },
        { company: { contains: q, mode: "insensitive" } },
      ],
    },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: { id: true, email: true, name: true, company: true, status: true, plan: true, emailVerifiedAt: true, createdAt: true },
  });
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    company: r.company,
    status: r.status,
    plan: r.plan,
    email_verified: r.emailVerifiedAt !== null,
    created_at: Math.floor(r.createdAt.getTime() / 1000),
  }));
}
