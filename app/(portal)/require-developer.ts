import { redirect } from "next/navigation";
import { currentDeveloper } from "@/lib/auth/current-developer";

/**
 * The signed-in developer, or a redirect to sign-in. Pages call it themselves: the layout's
 * check does not stop a page from rendering (Next renders them in parallel).
 */
export async function requireDeveloper() {
  const developer = await currentDeveloper();
  if (!developer) redirect("/login");
  return developer;
}
