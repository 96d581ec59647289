// GET and PATCH /developer/profile: the signed-in developer's profile (GET answers inactive accounts too).
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withDeveloper } from "@/lib/http/with-developer";
import { profilePatchBody } from "@/lib/accounts/schemas";
import { getProfile, updateProfile } from "@/lib/accounts/profile";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  GET: withDeveloper(async ({ developer }) => json(await getProfile(developer.id)), { allowInactive: true }),
  PATCH: withDeveloper(async ({ req, ip, developer }) => {
    const patch = profilePatchBody.parse(await readJson(req));
    return json(await updateProfile(developer.id, patch, ip));
  }),
});
