/**
 * Child process of the crash test: opens the KV file, starts an outbox towards the URL and
 * emits one event, then waits to be killed. Args: <kv-path> <url> <secret> <event-json>.
 */
import { Store } from "../../src/store/kv.ts";
import { createWebhookOutbox } from "../../src/webhooks/queue.ts";

const [path, url, secret, eventJson] = Deno.args;
const store = await Store.open(path!);
const outbox = createWebhookOutbox({ store, webhook: { url: url!, secret: secret! } });
await outbox.start();
await outbox.emit(JSON.parse(eventJson!));
console.log("emitted");
await new Promise(() => {}); // until SIGKILL
