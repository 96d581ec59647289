import type { Metadata } from "next";
import Link from "next/link";
import { env } from "@/lib/env";
import { requireMember } from "../require-member";
import { can } from "@/lib/teams/roles";
import { listKeys } from "@/lib/keys/list-keys";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { quickstartSnippets } from "@/components/portal/quickstart-snippets";

export const metadata: Metadata = { title: "Quick start" };

export default async function QuickstartPage() {
  // The acting organization's keys; a role that may not read keys sees the page without them.
  const { member } = await requireMember("usage.read");
  const keys = can(member.role, "keys.read") ? await listKeys(member.organization.id) : [];
  const testKey = keys.find((k) => k.environment === "test" && k.state === "active");
  const s = quickstartSnippets(env().APP_URL.replace(/\/$/, ""), testKey?.prefix);
  const step = "mt-8 mb-2 text-lg font-semibold";
  const text = "mb-3 text-sm text-slate-700 dark:text-slate-300";
  return (
    <>
      <PageHeader
        title="Quick start"
        description="One measurement: start a session, upload the tensor, complete. About five minutes with a test key."
      />
      {testKey ? (
        <Alert tone="info">
          The snippets use your test key <code className="font-mono">{testKey.prefix}…</code> (&ldquo;{testKey.name}
          &rdquo;). Test keys run in the free sandbox: no quota is used and the vitals are fixed synthetic values.
        </Alert>
      ) : (
        <Alert tone="warning" title="You have no active test key">
          <Link href="/keys" className="underline">
            Create a test key
          </Link>{" "}
          and the snippets below will name it.
        </Alert>
      )}
      <h2 className={step}>A scan in your web page: one tag</h2>
      <p className={text}>
        <code>&lt;vitals-scan&gt;</code> is the whole scan (camera or video file, live feedback, the result) in any
        page, any framework. Copy this deployment&apos;s <code>public/sdk/</code> and <code>public/models/</code> to
        your site, and give it a <code>token-url</code>: your server&apos;s endpoint that mints a short-lived client
        token with your key (docs/sdk.md, &ldquo;The &lt;vitals-scan&gt; element&rdquo;).
      </p>
      <CodeBlock label="HTML: a scan in one tag" code={s.scanElement} testId="snippet-scan-element" />
      <CodeBlock label="Your server: the token endpoint" code={s.tokenEndpoint} testId="snippet-token-endpoint" />
      <p className={text}>Or from your own code, step by step:</p>
      <h2 className={step}>1. Keep your key in an environment variable</h2>
      <p className={text}>
        The full key was shown once, when you created it. Keep it out of source code and out of your app bundle.
      </p>
      <CodeBlock label="Shell: API key" code={s.exportKey} testId="snippet-export" />
      <h2 className={step}>2. Start a session</h2>
      <p className={text}>
        Answers a <code>session_id</code> and an <code>upload_url</code>. On a live key this uses one scan of your
        monthly quota. Demographics are optional and improve accuracy.
      </p>
      <CodeBlock label="curl: start a session" code={s.start} testId="snippet-start" />
      <h2 className={step}>3. Upload the tensor</h2>
      <p className={text}>
        The prepared skin-region tensor (never video), straight to the upload address. The client library&apos;s{" "}
        <code>encodeTensor</code> builds it from your capture&apos;s skin-region frames; the format is in the API
        reference.
      </p>
      <CodeBlock label="curl: upload the tensor" code={s.upload} testId="snippet-upload" />
      <h2 className={step}>4. Complete and read the vitals</h2>
      <p className={text}>Runs inference and answers the vitals; with a live key this can take up to 90 seconds.</p>
      <CodeBlock label="curl: complete the session" code={s.complete} testId="snippet-complete" />
      <h2 className={step}>All together in TypeScript</h2>
      <p className={text}>Node 20+ or any runtime with fetch. Check each response&apos;s status in real code.</p>
      <CodeBlock label="TypeScript: one measurement" code={s.typescript} testId="snippet-ts" />
    </>
  );
}
