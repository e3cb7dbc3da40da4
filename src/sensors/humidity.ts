/**
 * Relative humidity from temperature and dew point (Magnus form, Alduchov–Eskridge
 * constants), for stations that report dew point but not humidity.
 *
 * @example
 * ```ts
 * import { humidityFromDewPoint } from "./humidity.ts";
 * humidityFromDewPoint(20, 10); // 52.5
 * ```
 */
export function humidityFromDewPoint(tempC: number, dewPointC: number): number {
  const e = (t: number) => Math.exp(17.625 * t / (243.04 + t));
  return Math.round(Math.min(100, 100 * e(dewPointC) / e(tempC)) * 10) / 10;
}
