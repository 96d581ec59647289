import Link from "next/link";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:py-16">
      <header className="mb-8">
        <Link href="/" className="text-xl font-semibold tracking-tight">
          <span aria-hidden="true" className="mr-1 text-indigo-700 dark:text-indigo-400">♥</span>Vitals
        </Link>
      </header>
      <main className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {children}
      </main>
    </div>
  );
}
