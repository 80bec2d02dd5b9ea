// The byte counters of a simulated device's interfaces, counting from its boot as a real interface's do,
// and what the heartbeat reports of them: the bytes since the previous heartbeat, a restart counted from
// zero (core/fleet/counters.ts, docs/telemetry.md#rates-not-totals).
import { counterIncrease } from '../core/fleet/counters.ts';

type Pair = { rx: number; tx: number };

export function createInterfaceCounters() {
  const sinceBoot = new Map<string, Pair>();
  const reported = new Map<string, Pair>();
  return {
    /** The device restarted: every counter starts again from zero. */
    restart() {
      sinceBoot.clear();
    },
    /** Counts the interface's traffic of this interval; answers what the heartbeat reports of it. */
    read(name: string, rxAdded: number, txAdded: number): { rxBytes: number; txBytes: number } {
      const counter = sinceBoot.get(name) ?? { rx: 0, tx: 0 };
      const now = { rx: counter.rx + rxAdded, tx: counter.tx + txAdded };
      sinceBoot.set(name, now);
      const before = reported.get(name) ?? { rx: 0, tx: 0 };
      reported.set(name, now);
      return { rxBytes: counterIncrease(before.rx, now.rx), txBytes: counterIncrease(before.tx, now.tx) };
    },
  };
}
