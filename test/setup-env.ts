// Settings every test process starts from; tests that change one call resetEnv().
process.env.LOG_LEVEL ??= "silent";
process.env.UPLOAD_SIGNING_SECRET ??= "test-upload-signing-secret-0123456789abcdef";
process.env.NEXTAUTH_SECRET ??= "test-nextauth-secret";
process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_OUTBOX_DIR ??= `/tmp/vitals-test-outbox-${process.pid}`;
process.env.STORAGE_DIR ??= `/tmp/vitals-test-uploads-${process.pid}`;
process.env.DATA_DIR ??= `/tmp/vitals-test-data-${process.pid}`;
// The suite signs up hundreds of accounts from a handful of addresses; the per-IP sign-up
// limit has its own test (signup-throttle.test.ts), which lowers this again.
process.env.SIGNUPS_PER_IP_PER_HOUR ??= "100000";
