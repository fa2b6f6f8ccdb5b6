// The record of a published countdown, defined once (src/published-record.ts): its own check agrees with a JSON
// Schema validator (Ajv, the oracle) on records made at random, the live data is refused where it
// breaks the schema, saying where, and the OpenAPI document publishes the same schema.
import Ajv2020 from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LIVE_COUNTDOWN_SCHEMA, RECORD_SCHEMA, schemaProblem } from "../../src/published-record.ts";
import { createLiveStore, liveDataFiles } from "../../src/live/live-store.ts";
import { openApiDocument } from "../../src/eleventy/openapi.ts";
import { NAMED_STATUSES, REPEATS } from "../../src/vocabulary.ts";

const ajv = new Ajv2020({ strict: false });
const oracle = ajv.compile(LIVE_COUNTDOWN_SCHEMA);

/** A field's value: mostly one the schema takes, now and then one it does not. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: good, weight: 15 }, { arbitrary: bad, weight: 1 });
const instant = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true })
  .map((date) => date.toISOString().replace(/\.\d{3}Z$/, "Z"));
const anything = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean());
const optional = { requiredKeys: [] as never[] };
const record = fc
  .tuple(
    fc.record({
      slug: mostly(fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,6}[a-z0-9])?$/), fc.string({ maxLength: 70 })),
      // (Astral characters: JSON Schema counts characters, not UTF-16 units.)
      title: mostly(
        fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.constant("🎉".repeat(150))),
        fc.oneof(
          fc.constant(""),
          fc.constant("🎉".repeat(201)),
          fc.string({ minLength: 201, maxLength: 210 }),
          anything,
        ),
      ),
    }),
    fc.oneof(
      fc.record({ targetDate: mostly(instant, fc.string()) }),
      fc.record({
        evergreen: mostly(fc.integer({ min: 60, max: 10_000_000 }), fc.oneof(fc.integer({ max: 59 }), fc.double())),
      }),
      fc.record({ targetDate: instant, evergreen: fc.integer({ min: 60 }) }, optional),
    ),
    fc.record(
      {
        zone: mostly(fc.constantFrom("Europe/Berlin", "Asia/Tokyo"), anything),
        lang: fc.constantFrom("de", "ja", "ar"),
        status: mostly(fc.constantFrom(...NAMED_STATUSES), fc.constantFrom("scheduled", "late")),
        repeat: mostly(
          fc.record(
            {
              rule: mostly(fc.constantFrom(...REPEATS), fc.constant("fortnightly")),
              start: mostly(fc.constant("2027-03-05T17:00:00"), fc.string()),
              until: instant,
              last: instant,
            },
            { requiredKeys: ["rule", "start"] },
          ),
          fc.record({ rule: fc.constantFrom(...REPEATS), every: fc.integer() }),
        ),
        done: mostly(fc.string(), anything),
        email: fc.string(),
        extra: anything,
      },
      optional,
    ),
  )
  .map(([named, target, rest]) => ({ ...named, ...target, ...rest }));

describe("a countdown's record", () => {
  it("is checked as a JSON Schema validator checks it: the same verdict on 3,000 records made at random", () => {
    let valid = 0;
    fc.assert(
      fc.property(record, (value) => {
        valid += oracle(value) ? 1 : 0;
        expect(schemaProblem(LIVE_COUNTDOWN_SCHEMA, value, "countdown") === undefined, JSON.stringify(value)).toBe(
          oracle(value),
        );
      }),
      { numRuns: 3000 },
    );
    // (The records made are valid often enough for the check to be tried both ways.)
    expect(valid).toBeGreaterThan(100);
  });

  it("says where a record breaks it", () => {
    const good = { slug: "launch", title: "Launch", targetDate: "2027-01-01T00:00:00Z" };
    expect(schemaProblem(RECORD_SCHEMA, good, "countdown")).toBeUndefined();
    expect(schemaProblem(RECORD_SCHEMA, { ...good, status: "late" }, "countdown")).toBe(
      "countdown.status is not one of postponed, cancelled",
    );
    expect(schemaProblem(RECORD_SCHEMA, { ...good, evergreen: 3600 }, "countdown")).toBe(
      "countdown needs exactly one of targetDate, evergreen",
    );
    expect(schemaProblem(RECORD_SCHEMA, { ...good, repeat: { rule: "daily", start: "5 pm" } }, "countdown")).toBe(
      "countdown.repeat.start is not like 2027-03-05T17:00:00",
    );
    expect(schemaProblem(RECORD_SCHEMA, { ...good, done: "Over" }, "countdown")).toBe(
      "countdown has a field it does not take: done",
    );
    expect(schemaProblem(LIVE_COUNTDOWN_SCHEMA, { ...good, done: "Over" }, "countdown")).toBeUndefined();
  });

  it("refuses live data that breaks it, naming the file, the countdown and the field", () => {
    const files = liveDataFiles({
      version: "1",
      tz: "2025c",
      site: { origin: "https://example.org", basePath: "" },
      siteName: "Example",
      countdowns: [{ slug: "launch", title: "Launch", targetDate: "2027-01-01T00:00:00Z" }],
    });
    const shard = JSON.parse(files.get("shards/0.json")!);
    shard.launch.status = "late";
    const store = createLiveStore((name) => (name === "shards/0.json" ? JSON.stringify(shard) : files.get(name)));
    expect(() => store.get("launch")).toThrow(
      'live data shards/0.json: countdown "launch".status is not one of postponed, cancelled',
    );
    // An instant the pattern takes but no Date holds (month 13), as a target and as a repeat's end.
    for (const broken of [
      { targetDate: "2026-13-01T00:00:00Z" },
      { repeat: { rule: "daily", start: "2027-03-05T17:00:00", until: "2027-02-30T99:00:00Z" } },
    ]) {
      const bad = { ...shard, launch: { ...shard.launch, status: undefined, ...broken } };
      const read = (name: string) => (name === "shards/0.json" ? JSON.stringify(bad) : files.get(name));
      expect(() => createLiveStore(read).get("launch")).toThrow(
        'live data shards/0.json: countdown "launch" names an instant that is no date',
      );
    }
  });

  it("is what the OpenAPI document publishes for /api/data/<slug>.json, with the messages beside it", () => {
    const document = openApiDocument({ origin: "https://example.org", basePath: "" }, "1", "Example") as {
      components: { schemas: { TargetData: { properties: Record<string, unknown>; oneOf: unknown } } };
    };
    const schemas = document.components.schemas;
    const { messages, ...fields } = schemas.TargetData.properties;
    expect(messages).toBeDefined();
    expect(fields).toEqual(RECORD_SCHEMA.properties);
    expect(schemas.TargetData.oneOf).toEqual(RECORD_SCHEMA.oneOf);
  });
});
