import { env } from "./env";

// Structured one-line JSON logs. Never pass health data, keys, tokens or passwords here.
type Fields = Record<string, unknown>;

type Sink = (line: string) => void;
const stdoutSink: Sink = (line) => {
  if (logLevel() !== "silent") process.stdout.write(`${line}\n`);
};

/** LOG_LEVEL from the settings; a log line is still written when the settings themselves are invalid. */
function logLevel(): string {
  try {
    return env().LOG_LEVEL;
  } catch {
    return "info";
  }
}
let sink: Sink = stdoutSink;

/** Tests capture the log lines to prove nothing private is written. */
export function setLogSink(next: Sink): Sink {
  const previous = sink;
  sink = next;
  return previous;
}

function write(level: string, msg: string, fields?: Fields) {
  sink(JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields }));
}

export const logger = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
