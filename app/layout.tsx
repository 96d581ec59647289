import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Vitals", template: "%s · Vitals" },
  description:
    "Contactless vital signs for health apps: heart rate, respiration, HRV, SpO2 and blood pressure from a face.",
  // Static files live in public/ (served as they are, at the root).
  icons: { icon: { url: "/icon.svg", type: "image/svg+xml" } },
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
      </body>
    </html>
  );
}
