"use client";

import { useEffect, useRef } from "react";
import "swagger-ui-dist/swagger-ui.css";

/**
 * The OpenAPI document rendered by Swagger UI, bundled with the app (no CDN). Read-only:
 * requests are tried with the SDK or curl, where the key stays on the developer's machine.
 */
export function ApiReference({ spec }: { spec: object }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    void import("swagger-ui-dist/swagger-ui-es-bundle.js").then(({ default: SwaggerUIBundle }) => {
      if (live && ref.current)
        SwaggerUIBundle({
          domNode: ref.current,
          spec,
          deepLinking: false,
          supportedSubmitMethods: [],
          validatorUrl: null,
        });
    });
    return () => {
      live = false;
    };
  }, [spec]);
  return <div ref={ref} className="rounded-lg bg-white text-slate-900" data-testid="api-reference" />;
}
