import type { ReactNode } from "react";

type Tone = "neutral" | "green" | "amber" | "red" | "indigo";

const TONES: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  green: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  red: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  indigo: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100",
};

export function Badge({ tone = "neutral", children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>
      {children}
    </span>
  );
}
