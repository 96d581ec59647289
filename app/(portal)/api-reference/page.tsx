import type { Metadata } from "next";
import { requireDeveloper } from "../require-developer";
import { env } from "@/lib/env";
import { openApiDocument } from "@/lib/openapi/document";
import { PageHeader } from "@/components/ui/card";
import { ApiReference } from "@/components/api-reference/api-reference";

export const metadata: Metadata = { title: "API reference" };

export default async function ApiReferencePage() {
  await requireDeveloper();
  return (
    <>
      <PageHeader
        title="API reference"
        description="Every endpoint, generated from the schemas the API validates with. Download it as /openapi.json for code generators."
        action={
          <a
            href="/openapi.json"
            className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
            download
          >
            openapi.json
          </a>
        }
      />
      <ApiReference spec={openApiDocument(env().APP_URL)} />
    </>
  );
}
