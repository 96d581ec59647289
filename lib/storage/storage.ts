import { env, type Env } from "@/lib/env";
import { localTensorStorage } from "./local-driver";
import { s3TensorStorage } from "./s3-storage";
import type { TensorStorage } from "./types";

export { TensorUnreadableError, type StoredObject, type TensorStorage } from "./types";

// Built once per settings object, so a test that changes the settings (resetEnv) gets a new one.
let current: { settings: Env; storage: TensorStorage } | undefined;

export function tensorStorage(): TensorStorage {
  const settings = env();
  if (current?.settings !== settings) {
    current = {
      settings,
      storage: settings.STORAGE_DRIVER === "s3" ? s3TensorStorage(settings) : localTensorStorage(),
    };
  }
  return current.storage;
}
