/**
 * LISTEN on a channel for the event channel (ADR 22). `onNotify` gets each
 * payload; `onReconnect` runs after a lost connection is listening again, so
 * the caller can re-read what was published in between. Resolves to a stop
 * function.
 */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect: () => void,
) => Promise<() => Promise<void>>;

const MAX_BACKOFF_MS = 10_000;

/**
 * PostgreSQL: one dedicated client outside the pool (a pooled connection
 * would be handed to queries and lose the LISTEN), reconnected with
 * exponential backoff when it drops.
 */
export function listenPostgres(url: string): Listen {
  return async (channel, onNotify, onReconnect) => {
    const { default: pg } = await import("pg");
    let stopped = false;
    let client: InstanceType<typeof pg.Client> | null = null;
    let backoff = 250;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url });
      next.on("notification", (message) => {
        if (message.channel === channel && message.payload) onNotify(message.payload);
      });
      next.on("error", () => undefined);
      next.on("end", () => {
        if (stopped || client !== next) return;
        client = null;
        retry();
      });
      await next.connect();
      await next.query(`listen ${channel}`);
      client = next;
    };
    const retry = () => {
      const wait = backoff;
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      setTimeout(() => {
        if (stopped) return;
        connect().then(
          () => {
            backoff = 250;
            onReconnect();
          },
          () => retry(),
        );
      }, wait).unref();
    };

    await connect();
    return async () => {
      stopped = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    };
  };
}
