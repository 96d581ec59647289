/** @type {import('next').NextConfig} */
const nextConfig = {
  // Loaded from node_modules at run time: native bindings and worker files must stay real files.
  serverExternalPackages: [
    "@vitals/inference",
    "bullmq",
    "piscina",
    "onnxruntime-node",
    "@node-rs/argon2",
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
  ],
  poweredByHeader: false,
  reactStrictMode: true,
};
export default nextConfig;
