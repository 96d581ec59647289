// Writes models/pulse-v1.onnx from the committed graph definition (npm run build:model).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildPulseModel } from "../model-build/pulse-graph.js";

const target = fileURLToPath(new URL("../models/pulse-v1.onnx", import.meta.url));
const bytes = buildPulseModel();
writeFileSync(target, bytes);
console.log(`wrote ${target} (${bytes.length} bytes)`);
