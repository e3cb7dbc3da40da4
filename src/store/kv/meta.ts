/** Node metadata on Deno KV: `["meta", name]` → string. */
import type { MetaStore } from "../types.ts";

export class KvMetaStore implements MetaStore {
  constructor(readonly kv: Deno.Kv) {}

  async get(name: string): Promise<string | null> {
    const v = (await this.kv.get<string>(["meta", name])).value;
    return typeof v === "string" ? v : null;
  }

  async claim(name: string, value: string): Promise<string> {
    const key = ["meta", name];
    const res = await this.kv.atomic().check({ key, versionstamp: null }).set(key, value).commit();
    return res.ok ? value : (await this.get(name)) ?? value;
  }
}
