import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { findDevelopers } from "./find-developers";

async function developerNamed(email: string, name = "Search Test") {
  return db.developer.create({ data: { email, name, passwordHash: "x", status: "active" } });
}

describe("support search", () => {
  it("takes the text literally: LIKE's % and _ match only themselves; control characters are dropped", async () => {
    const tag = randomUUID().slice(0, 8);
    const underscored = await developerNamed(`a_b.${tag}@example.test`);
    const plain = await developerNamed(`axb.${tag}@example.test`);
    const ids = async (q: string) => (await findDevelopers(q)).map((r) => r.id).sort();
    expect(await ids(`a_b.${tag}`)).toEqual([underscored.id]);
    expect(await ids(`ax`)).not.toContain(underscored.id);
    expect(await ids(`${tag}`)).toEqual([underscored.id, plain.id].sort());
    expect(await ids(`%${tag}`)).toEqual([]);
    expect(await ids(`\\${tag}`)).toEqual([]);
    expect(await ids(`\u0000${tag}\u0007`)).toEqual([underscored.id, plain.id].sort());
    expect(await findDevelopers("\u0000")).toEqual([]);
  });
});
