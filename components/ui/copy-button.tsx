"use client";

import { useState } from "react";
import { buttonClass } from "./button-class";
import { useHydrated } from "./button";

/** Copies text to the clipboard and says so to screen readers. */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"idle" | "done" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("done");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied("idle"), 2000);
  }
  return (
    <button
      type="button"
      onClick={copy}
      disabled={!hydrated}
      className={buttonClass("secondary", "px-3 py-1 text-xs")}
      aria-label={label}
    >
      <span aria-live="polite">{copied === "done" ? "Copied" : copied === "failed" ? "Copy failed" : "Copy"}</span>
    </button>
  );
}
