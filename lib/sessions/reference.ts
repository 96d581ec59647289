import { z } from "zod";
import { noControlCharacters } from "@/lib/http/no-control-characters";

// A scan's reference to the developer's own records (docs/api.md, "References"): an id the
// developer chooses and a few short key/value pairs, given at session start or when a client
// token is minted, and answered back with the result. Identifiers, never health data.
export const REFERENCE_LIMITS = {
  referenceIdLength: 200,
  metadataKeys: 20,
  metadataKeyLength: 40,
  metadataValueLength: 500,
} as const;

const L = REFERENCE_LIMITS;

export const clientReferenceIdSchema = z
  .string({ error: "client_reference_id must be a string" })
  .regex(
    new RegExp(`^[A-Za-z0-9_.:-]{1,${L.referenceIdLength}}$`),
    `client_reference_id must be 1 to ${L.referenceIdLength} letters, digits, '-', '_', '.' or ':'`,
  );

const METADATA_KEY = new RegExp(`^[A-Za-z0-9_.-]{1,${L.metadataKeyLength}}$`);

export const metadataSchema = z
  .record(
    z.string(),
    noControlCharacters(
      z
        .string({ error: "metadata values must be strings" })
        .max(L.metadataValueLength, `metadata values must be at most ${L.metadataValueLength} characters`),
    ),
    { error: "metadata must be an object of string values" },
  )
  .superRefine((m, ctx) => {
    const keys = Object.keys(m);
    if (keys.length > L.metadataKeys)
      ctx.addIssue({ code: "custom", message: `metadata must have at most ${L.metadataKeys} keys` });
    if (keys.some((k) => !METADATA_KEY.test(k)))
      ctx.addIssue({
        code: "custom",
        message: `metadata keys must be 1 to ${L.metadataKeyLength} letters, digits, '-', '_' or '.'`,
      });
  });

/** The optional reference fields of a session start or a client token's mint. */
export const referenceFields = {
  client_reference_id: clientReferenceIdSchema.optional(),
  metadata: metadataSchema.optional(),
};

export type Reference = { clientReferenceId: string | null; metadata: Record<string, string> | null };

/** The reference as answers carry it: only the fields that were set. */
export function referenceAnswer(r: { clientReferenceId: string | null; metadata: unknown }): {
  client_reference_id?: string;
  metadata?: Record<string, string>;
} {
  return {
    ...(r.clientReferenceId !== null ? { client_reference_id: r.clientReferenceId } : {}),
    ...(r.metadata !== null && r.metadata !== undefined ? { metadata: r.metadata as Record<string, string> } : {}),
  };
}
