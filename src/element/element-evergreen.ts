// What `<countdown-timer>` loads for an evergreen countdown, and only for one (a dynamic import of
// /api/element-evergreen.js): the viewer's deadline from the element's `start` attribute or their
// first visit (src/time/evergreen.ts). Kept out of the element's own module, which stays within its
// 4,096 bytes.
import { viewerDeadline } from "../time/evergreen.ts";

/**
 * The deadline of a record (`evergreen`: its duration in seconds, `until`: its cap) for the viewer of
 * an element, from its `start` attribute or their first visit, kept under `key` (`<site> <slug>`).
 */
export default (record: { evergreen: number; zone?: string; until?: string }, start: string | null, key: string) =>
  viewerDeadline(record.evergreen * 1e3, record.zone ?? "UTC", key, start, record.until);
