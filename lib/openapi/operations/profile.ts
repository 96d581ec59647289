import { profilePatchBody } from "@/lib/accounts/schemas";
import { profileSchema } from "../developer-responses";
import { ACTIVE, BODY, type Operation, SIGNED_IN } from "./operation";

// The signed-in developer's profile.
export const PROFILE_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/developer/profile",
    tag: "Developer",
    auth: "idToken",
    summary: "The account's profile",
    ok: { status: 200, description: "The profile", schema: profileSchema },
    errors: [...SIGNED_IN],
  },
  {
    method: "patch",
    path: "/developer/profile",
    tag: "Developer",
    auth: "idToken",
    summary: "Change name or company",
    body: profilePatchBody,
    ok: { status: 200, description: "The profile", schema: profileSchema },
    errors: [...BODY, ...ACTIVE],
  },
];
