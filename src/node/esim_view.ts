/**
 * The eSIM as a buyer sees it (status-result.json `esim`), made from the supplier's profile on
 * each request: the activation code is fetched, shown and never stored. Shared by the agents'
 * `/status` and `/order` answers and the storefront's order page.
 *
 * @example
 * ```ts
 * import { esimView } from "./esim_view.ts";
 * esimView({ activationCode: "LPA:1$smdp.example$X", iccid: "8999" } as never);
 * // { activation_code: "LPA:1$smdp.example$X", iccid: "8999" }
 * ```
 */
import type { Profile } from "../../rails/supplier/types.ts";

export interface EsimView {
  iccid?: string;
  activation_code: string;
  qr_code_url?: string;
  install_url?: string;
  apn?: string;
  expires?: string;
  state?: string;
  data_used_bytes?: number;
  data_total_bytes?: number;
}

/** The wire `esim` of a profile: only the fields the profile has. */
export function esimView(p: Profile): EsimView {
  const e: EsimView = { activation_code: p.activationCode };
  if (p.iccid !== undefined) e.iccid = p.iccid;
  if (p.qrCodeUrl !== undefined) e.qr_code_url = p.qrCodeUrl;
  if (p.installUrl !== undefined) e.install_url = p.installUrl;
  if (p.apn !== undefined) e.apn = p.apn;
  if (p.expires !== undefined) e.expires = p.expires;
  if (p.state !== undefined) e.state = p.state;
  if (p.dataUsedBytes !== undefined) e.data_used_bytes = p.dataUsedBytes;
  if (p.dataTotalBytes !== undefined) e.data_total_bytes = p.dataTotalBytes;
  return e;
}
