// Structured one-line JSON logs. Never pass health data, keys, tokens or passwords here.
type Fields = Record<string, unknown>;

type Sink = (line: string) => void;
const stdoutSink: Sink = (line) => {
  if (process.env.LOG_LEVEL !== "silent") process.stdout.write(line + "\n");
};
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
