/** The ECVRF suites fair-random proves with (RFC 9381 §5.5): names only, no curve code. */
export const SUITE_TAI = "ECVRF-EDWARDS25519-SHA512-TAI";
export const SUITE_ELL2 = "ECVRF-EDWARDS25519-SHA512-ELL2";
export type Suite = typeof SUITE_TAI | typeof SUITE_ELL2;
export const SUITES: readonly Suite[] = [SUITE_TAI, SUITE_ELL2];
