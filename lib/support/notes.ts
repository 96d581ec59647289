import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { unixSeconds } from "@/lib/time";
import { noteBody } from "./schemas";
import { auditStaff, type Staff } from "./target";

// Internal notes on an account: read and written only through the support console, never part
// of anything the developer API or portal returns.

export type SupportNoteRow = { id: string; body: string; author: string; created_at: number };

export async function addNote(staff: Staff, input: { developerId: string; body: string }) {
  const { developerId, body } = noteBody.parse(input);
  return db.$transaction(async (tx) => {
    const dev = await tx.developer.findUnique({ where: { id: developerId }, select: { id: true } });
    if (!dev) throw new ApiError("NOT_FOUND", "No such account");
    const note = await tx.supportNote.create({ data: { developerId, authorId: staff.id, body }, select: { id: true } });
    // The audit row names the note, not its text: the text stays in the notes, for staff only.
    await auditStaff(tx, staff, "support.note_add", { type: "developer", id: developerId }, { note_id: note.id });
    return { ok: true as const, message: "Note added." };
  });
}

/** The newest notes first, with their authors' e-mail addresses. */
export async function listNotes(developerId: string, limit = 50): Promise<SupportNoteRow[]> {
  const notes = await db.supportNote.findMany({ where: { developerId }, orderBy: { createdAt: "desc" }, take: limit });
  const authors = await db.developer.findMany({
    where: { id: { in: [...new Set(notes.map((n) => n.authorId))] } },
    select: { id: true, email: true },
  });
  const email = new Map(authors.map((a) => [a.id, a.email]));
  return notes.map((n) => ({
    id: n.id,
    body: n.body,
    author: email.get(n.authorId) ?? "former staff",
    created_at: unixSeconds(n.createdAt),
  }));
}
