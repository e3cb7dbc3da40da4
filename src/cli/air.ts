/** `esim-rails air`: the offline twin of a live-data endpoint (see _live_data.ts). */
import { twinCommand } from "./_live_data.ts";

export const command = twinCommand("air");
