import Link from "next/link";

export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-6 py-20">
      <h1 className="text-4xl font-semibold tracking-tight">
        Vital signs from a face, and the video never leaves the phone.
      </h1>
      <p className="text-lg text-slate-600 dark:text-slate-300">
        Heart rate, respiratory rate, HRV, SpO2 and blood pressure, each with a confidence, from a compact skin-region
        tensor your app prepares on the device.
      </p>
      <div className="flex gap-3">
        <Link
          href="/signup"
          className="rounded-md bg-slate-900 px-4 py-2 font-medium text-white dark:bg-white dark:text-slate-900"
        >
          Get an API key
        </Link>
        <Link href="/login" className="rounded-md border border-slate-300 px-4 py-2 font-medium dark:border-slate-700">
          Sign in
        </Link>
      </div>
    </main>
  );
}
