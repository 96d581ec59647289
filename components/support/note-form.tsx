"use client";

import { noteAction } from "@/lib/actions/support/account";
import { noteBody } from "@/lib/support/schemas";
import { ReasonForm } from "./reason-form";

export function NoteForm({ developerId }: { developerId: string }) {
  return (
    <ReasonForm
      action={noteAction}
      schema={noteBody}
      hidden={{ developerId }}
      field="body"
      reasonLabel="New internal note"
      submit="Add note"
      variant="secondary"
    />
  );
}
