import { BrandLink } from "@/components/ui/brand-link";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:py-16">
      <header className="mb-8">
        <BrandLink href="/" className="text-xl" />
      </header>
      <main className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {children}
      </main>
    </div>
  );
}
