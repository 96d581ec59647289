"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

const EVERY_MS = 2000;
const FOR_MS = 30_000;

/**
 * Refreshes the page every two seconds while a delivery shown on it is due within half a minute
 * (a test event or replay just queued), for at most half a minute: longer retry pauses wait for
 * a reload.
 */
export function RefreshWhileDue({ due }: { due: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!due) return;
    const timer = setInterval(() => router.refresh(), EVERY_MS);
    const stop = setTimeout(() => clearInterval(timer), FOR_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [due, router]);
  return null;
}
