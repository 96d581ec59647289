// The few parts of autocannon's result the API benchmark reads.
declare module "autocannon" {
  type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    amount?: number;
    duration?: number;
  };
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number; total: number };
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number };
  export default function autocannon(options: Options): Promise<Result>;
}
