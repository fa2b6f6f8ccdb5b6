// The API described as OpenAPI 3.1, published at /api/openapi.json. Its headers and limits come from
// the route table and the authoring rules, so the document cannot drift from what is served.
import type { SiteAddress } from "../config.ts";
import { SLUG_MAX, SLUG_PATTERN, TITLE_MAX } from "../countdown/countdown-file.ts";
import { SHAPES } from "../live/handler.ts";
import { ALLOWED_METHODS, HEALTH_PATH, LIVE_CACHE, PAGES_PATH, PER_DEPLOY_CACHE, absoluteUrl, dataPath, embedPath, livePath } from "./route-table.ts";

const json = (schema: object) => ({ "application/json": { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const header = (description: string, example?: string) => ({ description, schema: { type: "string", ...(example ? { examples: [example] } : {}) } });

const slugParameter = {
  name: "slug",
  in: "path",
  required: true,
  description: "The countdown's slug: the name of its file in countdowns/ without `.md`.",
  schema: { type: "string", pattern: SLUG_PATTERN.source, maxLength: SLUG_MAX },
};

const errorResponse = (description: string) => ({
  description,
  headers: { "Access-Control-Allow-Origin": { $ref: "#/components/headers/AccessControlAllowOrigin" } },
  content: json(ref("Error")),
});

const preflight = {
  summary: "CORS preflight",
  responses: {
    "204": {
      description: "Any origin may call with any header.",
      headers: {
        "Access-Control-Allow-Origin": { $ref: "#/components/headers/AccessControlAllowOrigin" },
        "Access-Control-Allow-Methods": header("The methods allowed.", ALLOWED_METHODS),
        Allow: header("The methods allowed.", ALLOWED_METHODS),
      },
    },
  },
};

const methodNotAllowed = { "405": errorResponse(`Any method but ${ALLOWED_METHODS}; the \`Allow\` header lists them.`) };

export function openApiDocument(site: SiteAddress, version: string): object {
  return {
    openapi: "3.1.0",
    info: {
      title: "Countdown service",
      version,
      summary: "Named countdowns to a target date, as live JSON and as an embeddable widget.",
      description:
        "Every operation is GET (and HEAD); OPTIONS answers a CORS preflight; other methods get 405. " +
        "Every /api/* response carries `Access-Control-Allow-Origin: *`. Errors are " +
        '`{ "error": { "code", "message" } }`.',
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: absoluteUrl(site, "") }],
    paths: {
      [livePath("{slug}")]: {
        parameters: [slugParameter],
        get: {
          operationId: "getCountdown",
          summary: "The time left, computed live",
          description:
            "Without `shape`, the body carries both published shapes plus `expired` and `serverTime`. " +
            `Cached for at most one second (\`Cache-Control: ${LIVE_CACHE}\`); on Netlify the CDN keys it on \`shape\` only.`,
          parameters: [
            {
              name: "shape",
              in: "query",
              required: false,
              description: "`a` for exactly Shape A, `b` for exactly Shape B. Any other value is a 400. Other query parameters are ignored.",
              schema: { type: "string", enum: [...SHAPES] },
            },
          ],
          responses: {
            "200": {
              description: "The countdown at `serverTime`.",
              headers: {
                "Cache-Control": header("At most one second.", LIVE_CACHE),
                "Access-Control-Allow-Origin": { $ref: "#/components/headers/AccessControlAllowOrigin" },
              },
              content: json({ oneOf: [ref("Countdown"), ref("CountdownShapeA"), ref("CountdownShapeB")] }),
            },
            "400": errorResponse("`shape` is neither `a` nor `b`, or is given twice (`invalid_shape`)."),
            "404": errorResponse("No countdown is published under this slug (`not_found`)."),
            ...methodNotAllowed,
            "503": errorResponse("The built countdown data cannot be read (`unavailable`)."),
          },
        },
        options: preflight,
      },
      [embedPath("{slug}")]: {
        parameters: [slugParameter],
        get: {
          operationId: "getEmbed",
          summary: "The widget, for the src of an iframe",
          description:
            `Published snippets: \`<iframe src="{base_url}${embedPath("<slug>")}" width="100%" height="250" frameborder="0" style="border-radius:12px"></iframe>\` ` +
            'and the same with `width="320" height="180"`. Shows the title and the time left as `<d>d <hh>h <mm>m <ss>s`.',
          parameters: [
            { name: "theme", in: "query", required: false, description: "Colour theme; `auto` follows the visitor's preference.", schema: { type: "string", enum: ["auto", "light", "dark"], default: "auto" } },
            { name: "sync", in: "query", required: false, description: "`1`: count on the server's clock (one request for `serverTime`).", schema: { type: "string", enum: ["1"] } },
          ],
          responses: {
            "200": {
              description: "A self-contained HTML document: one request, inline styles and script, no cookies.",
              headers: {
                "Cache-Control": header("Changes only per deploy.", PER_DEPLOY_CACHE),
                "Content-Security-Policy": header("Pins the inline ticker by its hash; `frame-ancestors *` lets any page embed it."),
              },
              content: { "text/html": { schema: { type: "string" } } },
            },
            "404": { description: "No such countdown: a small page in the widget's style.", content: { "text/html": { schema: { type: "string" } } } },
            ...methodNotAllowed,
          },
        },
        options: preflight,
      },
      [PAGES_PATH]: {
        get: {
          operationId: "listPages",
          summary: "Every countdown, soonest target first (ties by slug)",
          responses: {
            "200": {
              description: "A bare array.",
              headers: { "Cache-Control": header("Changes only per deploy.", PER_DEPLOY_CACHE) },
              content: json({ type: "array", items: ref("Page") }),
            },
            ...methodNotAllowed,
          },
        },
        options: preflight,
      },
      [HEALTH_PATH]: {
        get: {
          operationId: "getHealth",
          summary: "Status of the live runtime",
          responses: {
            "200": { description: "The live runtime answers.", headers: { "Cache-Control": header("Never cached.", "no-store") }, content: json(ref("Health")) },
            ...methodNotAllowed,
            "503": errorResponse("The built countdown data cannot be read (`unavailable`)."),
          },
        },
        options: preflight,
      },
      [dataPath("{slug}")]: {
        parameters: [slugParameter],
        get: {
          operationId: "getTargetData",
          summary: "A countdown's static target data, for clients that count themselves",
          responses: {
            "200": { description: "Changes only per deploy.", content: json(ref("TargetData")) },
            "404": errorResponse("No such countdown (`not_found`)."),
          },
        },
      },
    },
    components: {
      headers: {
        AccessControlAllowOrigin: header("Any origin may read the answer.", "*"),
      },
      schemas: {
        Slug: { type: "string", pattern: SLUG_PATTERN.source },
        Title: { type: "string", minLength: 1, maxLength: TITLE_MAX },
        Instant: { type: "string", description: "UTC, whole seconds: `YYYY-MM-DDThh:mm:ssZ`.", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$" },
        TimeLeft: {
          type: "object",
          additionalProperties: false,
          required: ["days", "hours", "minutes", "seconds"],
          description: "max(0, floor((target - now) / 1 s)) split into whole units.",
          properties: {
            days: { type: "integer", minimum: 0 },
            hours: { type: "integer", minimum: 0, maximum: 23 },
            minutes: { type: "integer", minimum: 0, maximum: 59 },
            seconds: { type: "integer", minimum: 0, maximum: 59 },
          },
        },
        CountdownShapeA: {
          type: "object",
          additionalProperties: false,
          required: ["slug", "title", "targetDate", "timeLeft"],
          properties: { slug: ref("Slug"), title: ref("Title"), targetDate: ref("Instant"), timeLeft: ref("TimeLeft") },
        },
        CountdownShapeB: {
          type: "object",
          additionalProperties: false,
          required: ["slug", "title", "targetIso", "days"],
          properties: { slug: ref("Slug"), title: ref("Title"), targetIso: ref("Instant"), days: { type: "integer", minimum: 0 } },
        },
        Countdown: {
          type: "object",
          additionalProperties: false,
          description: "Both published shapes in one body, plus `expired` and `serverTime`.",
          required: ["slug", "title", "targetDate", "timeLeft", "targetIso", "days", "expired", "serverTime"],
          properties: {
            slug: ref("Slug"),
            title: ref("Title"),
            targetDate: ref("Instant"),
            timeLeft: ref("TimeLeft"),
            targetIso: ref("Instant"),
            days: { type: "integer", minimum: 0 },
            expired: { type: "boolean", description: "True from the target on; then every count is 0." },
            serverTime: { type: "string", format: "date-time", description: "The instant the time left was computed for, UTC with milliseconds." },
          },
        },
        Page: {
          type: "object",
          additionalProperties: false,
          required: ["slug", "title", "url"],
          properties: { slug: ref("Slug"), title: ref("Title"), url: { type: "string", format: "uri", description: "The countdown's page on this site." } },
        },
        TargetData: {
          type: "object",
          additionalProperties: false,
          required: ["slug", "title", "targetDate"],
          properties: { slug: ref("Slug"), title: ref("Title"), targetDate: ref("Instant") },
        },
        Health: {
          type: "object",
          additionalProperties: false,
          required: ["status", "countdowns", "version", "time"],
          properties: {
            status: { const: "ok" },
            countdowns: { type: "integer", minimum: 0 },
            version: { type: "string" },
            time: { type: "string", format: "date-time" },
          },
        },
        Error: {
          type: "object",
          additionalProperties: false,
          required: ["error"],
          properties: {
            error: {
              type: "object",
              additionalProperties: false,
              required: ["code", "message"],
              properties: {
                code: { type: "string", enum: ["invalid_shape", "not_found", "method_not_allowed", "unavailable", "internal_error", "bad_request"] },
                message: { type: "string" },
              },
            },
          },
        },
      },
    },
  };
}
