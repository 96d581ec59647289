// <vitals-scan> in the portal's JSX (the element itself: sdk/src/web/scan/vitals-scan.ts).
import type { DetailedHTMLProps, HTMLAttributes } from "react";

type VitalsScanAttributes = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  "token-url"?: string;
  "base-url"?: string;
  "assets-base-url"?: string;
  duration?: number;
  "include-waveform"?: boolean;
  source?: "camera" | "file" | "both";
  disabled?: boolean;
};

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "vitals-scan": VitalsScanAttributes;
    }
  }
}
