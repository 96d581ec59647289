// The entry of public/sdk/vitals-scan.js: importing it registers <vitals-scan> (docs/sdk.md).
import { defineVitalsScan, VitalsScan } from "./vitals-scan.js";

defineVitalsScan();
export { defineVitalsScan, VitalsScan };
