// The API described as OpenAPI 3.1, published at /api/openapi.json. Its paths, headers, limits and
// options come from the route table, the authoring rules and the widget's options, so the document
// cannot drift from what is served. It lints clean under Redocly's recommended rules and Spectral's
// spectral:oas (test/integration/standards.test.ts). Over 400 lines: the document itself, which is
// data (one entry an endpoint or a schema), not logic.
import { WARN_PATTERN } from "../time/warn.ts";
import { START_AHEAD_MS, START_SPAN_DAYS } from "../time/evergreen.ts";
import { INSTANT_PATTERN, MESSAGES_SCHEMA, RECORD_SCHEMA, SLUG_MAX, SLUG_PATTERN } from "../published-record.ts";
import { STATUSES } from "../vocabulary.ts";
import { EMAIL_CHOICES, EMAIL_OPTION_NAMES, EMAIL_RANGES, type EmailOptionName } from "../images/email-options.ts";
import { ALLOWED_METHODS, BADGE_CACHE, EMAIL_CACHE, LIVE_CACHE, PER_DEPLOY_CACHE } from "../http/policy.ts";
import { MOST_QUERY_LENGTH, MOST_QUERY_PARAMETERS } from "../http/kernel.ts";
import { SHAPES } from "../http/routes.ts";
import {
  HEALTH_PATH,
  OEMBED_PATH,
  OPENAPI_PATH,
  PAGES_PATH,
  SCHEMA_PATH,
  absoluteUrl,
  badgePath,
  dataPath,
  emailImagePath,
  embedPath,
  livePath,
  pagePath,
  previewImagePath,
  publicPath,
  type SiteAddress,
} from "../paths.ts";
import { HEX_COLOUR, WARN_COLOURS } from "../colour/colour.ts";
import { CHOICES, COLOURS, type OptionName } from "../widget/options.ts";

const json = (schema: object) => ({ "application/json": { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const header = (description: string, example?: string) => ({
  description,
  schema: { type: "string", ...(example ? { examples: [example] } : {}) },
});
const CORS = { "Access-Control-Allow-Origin": { $ref: "#/components/headers/AccessControlAllowOrigin" } };
const error = (description: string) => ({ description, headers: CORS, content: json(ref("Error")) });
const html = { "text/html": { schema: { type: "string" } } };

const slugParameter = {
  name: "slug",
  in: "path",
  required: true,
  description: "The countdown's slug: the name of its file in countdowns/ without `.md`.",
  schema: { type: "string", pattern: SLUG_PATTERN.source, maxLength: SLUG_MAX },
};

/** An evergreen countdown's viewer start (src/time/evergreen.ts), in the forms mailing tools write. */
const startParameter = {
  name: "start",
  in: "query",
  required: false,
  description:
    "For an evergreen countdown (required there, ignored elsewhere): when the viewer's count began. An ISO 8601 date or date-time (seconds and fraction optional; `Z`, `+hh:mm`, `+hhmm` or none: then a time in the countdown's zone; a space before the offset is read as its `+`), or Unix seconds or milliseconds. " +
    `Refused when more than ${START_AHEAD_MS / 60_000} minutes ahead of the server's clock or more than ${START_SPAN_DAYS} days back.`,
  schema: { type: "string" },
  examples: {
    date: { value: "2026-11-27" },
    instant: { value: "2026-11-27T09:30:00Z" },
    unix: { value: "1795771800" },
  },
};

/** The `units` option of the widget, the element and the email image. */
const UNITS_DESCRIPTION =
  "The units shown, largest first, as a run of `d`, `h`, `m`, `s`: the largest holds the units above it (`hms`: `77h 20m 05s` for three days and five hours), the smallest is rounded down.";

/** The `labels` option of the widget, the element and the email image. */
const LABELS_DESCRIPTION =
  "The units' labels: `auto` the layout's own (the published pattern's letters in `text`, words in `units` and `tiles`); `long` the words in `lang` (`1 day 02 hours`); `short` the language's shortest (`1d`, `1 T`); `none` the numbers alone.";

/** `warn` of the widget, the element and the email image: its grammar, and its colours (src/colour/colour.ts). */
const WARN_DESCRIPTION =
  "The last span before the target, a whole number and a unit letter (`30s`, `10m`, `1h`, `2d`; at most 365 days)";
const WARN_COLOURS_DESCRIPTION = `\`${WARN_COLOURS.light}\` light, \`${WARN_COLOURS.dark}\` dark`;
/** `warn`'s schema, as a query parameter. */
const WARN_QUERY_SCHEMA = { type: "string", pattern: `^${WARN_PATTERN}$`, examples: ["1h", "10m"] };

/** The widget's options, as query parameters of the embed (src/widget/options.ts). */
const OPTION_DESCRIPTIONS: Record<OptionName, string> = {
  theme: "`transparent` has no background and follows the visitor's colour scheme for text.",
  accent: "The colour of the time left, a hex colour without `#`.",
  color: "The colour of the other text, a hex colour without `#`.",
  bg: "The background colour, a hex colour without `#`.",
  font: "A local font stack; without it, the site's own font where its site file names one (loaded from the site), else `system`.",
  layout: "`text`: the published pattern `<d>d <hh>h <mm>m <ss>s`; `units`: a number with a label in `lang` per unit.",
  units: UNITS_DESCRIPTION,
  labels: LABELS_DESCRIPTION,
  separator: "Between the units: `space`, or `colon` (`1:02:03:04` with `labels=none`).",
  lang: "A BCP 47 language tag: the labels, the date and the built-in messages. Default: the countdown's language.",
  date: "The target: in the visitor's zone, in UTC, or hidden.",
  title: "Show or hide the title.",
  after: "From the target on: the done message as the headline, with the zeros or the time since (`+<d>d …`).",
  controls:
    "`pause`: a button, named in the countdown's language and pressed while paused, that stops the updates and starts them again, right at once (WCAG 2.2.2, Pause, Stop, Hide).",
  updates:
    "`minute`: no seconds, so the count changes once a minute at most; `reduced`: so for visitors whose system asks for reduced motion, every second for the others.",
  announce:
    "`milestones`: a polite live region, apart from the timer, says the time left at an hour, ten minutes and a minute (`<title>: in 10 minutes`, in `lang`), and the done message at the end; never every second.",
  sync: "`1`: count on the server's clock (one request for `serverTime`).",
  background:
    "`image`: the countdown's image (its file's `image`) behind the content, under a dark scrim that keeps every text readable (4.5:1 over any picture); a countdown without an image ignores it.",
  warn: `${WARN_DESCRIPTION}: inside it the time left takes the warning colour (${WARN_COLOURS_DESCRIPTION}) instead of the accent.`,
};
const widgetOptions = [
  ...Object.entries(CHOICES).map(([name, values]) => ({
    name,
    schema: { type: "string", enum: [...values], default: values[0] },
  })),
  ...COLOURS.map((name) => ({ name, schema: { type: "string", pattern: HEX_COLOUR.source } })),
  { name: "lang", schema: { type: "string", examples: ["de", "pt-BR", "ar"] } },
  { name: "warn", schema: WARN_QUERY_SCHEMA },
].map(({ name, schema }) => ({
  name,
  in: "query",
  required: false,
  description: `${OPTION_DESCRIPTIONS[name as OptionName]} An invalid value is ignored.`,
  schema,
}));

/** The email image's options, as its query parameters (src/images/email-options.ts). */
const EMAIL_OPTION_DESCRIPTIONS: Record<EmailOptionName, string> = {
  theme: "Light or dark colours.",
  accent: "The colour of the time left, a hex colour without `#`.",
  color: "The colour of the other text, a hex colour without `#`.",
  bg: "The background colour, a hex colour without `#`.",
  layout:
    "`text`: the published pattern `<d>d <hh>h <mm>m <ss>s`; `units`: a number with a label in `lang` per unit, right to left in a language written so; `ring`: a ring per unit that empties as it runs out (days of the countdown's span, an evergreen one's duration, else of 365; hours of 24; minutes and seconds of 60), its number inside; `flip`: each unit's number on a card split at the middle; `digital`: seven-segment digits. The last three in columns with their labels under them, as `units`.",
  units: `${UNITS_DESCRIPTION} Without seconds the image changes a frame a minute (for as many minutes as \`frames\`), or, in hours or days, is one still frame.`,
  labels: LABELS_DESCRIPTION,
  separator:
    "Between the units: `space`, or `colon` (`1:02:03:04` with `labels=none`; in `units`, `ring`, `flip` and `digital`, a colon between the columns).",
  lang: "A BCP 47 language tag: the labels and the date line. Default: the countdown's language.",
  title: "Show or hide the title.",
  width: `The width in CSS pixels, ${EMAIL_RANGES.width.min} to ${EMAIL_RANGES.width.max}.`,
  density: "`2`: twice the pixels, for high-resolution screens (give the `<img>` the width of `1`).",
  frames: `Frames, one for each change of the smallest unit shown, ${EMAIL_RANGES.frames.min} to ${EMAIL_RANGES.frames.max}.`,
  warn: `${WARN_DESCRIPTION}: frames inside it draw the time left in the warning colour (${WARN_COLOURS_DESCRIPTION}) instead of the accent.`,
};
const emailOptions = EMAIL_OPTION_NAMES.map((name) => {
  const schema =
    name in EMAIL_CHOICES
      ? {
          type: "string",
          enum: [...EMAIL_CHOICES[name as keyof typeof EMAIL_CHOICES]],
          default: EMAIL_CHOICES[name as keyof typeof EMAIL_CHOICES][0],
        }
      : name in EMAIL_RANGES
        ? {
            type: "integer",
            minimum: EMAIL_RANGES[name as keyof typeof EMAIL_RANGES].min,
            maximum: EMAIL_RANGES[name as keyof typeof EMAIL_RANGES].max,
            default: EMAIL_RANGES[name as keyof typeof EMAIL_RANGES].default,
          }
        : name === "lang"
          ? { type: "string", examples: ["de", "ja", "ar"] }
          : name === "warn"
            ? WARN_QUERY_SCHEMA
            : { type: "string", pattern: HEX_COLOUR.source };
  return {
    name,
    in: "query",
    required: false,
    description: `${EMAIL_OPTION_DESCRIPTIONS[name]} An invalid value is ignored; the countdown's \`email:\` defaults apply first.`,
    schema,
  };
});

/** `/api/email/{slug}.gif` and `.png`. */
function emailEndpoint(format: "gif" | "png"): Endpoint {
  const type = `image/${format}`;
  const image = { [type]: { schema: { type: "string", contentMediaType: type } } };
  return {
    path: emailImagePath("{slug}", format),
    id: format === "gif" ? "getEmailGif" : "getEmailPng",
    tag: "Email",
    slug: true,
    summary: format === "gif" ? "The countdown for email, animated" : "The countdown for email, still",
    description:
      (format === "gif"
        ? "An animated GIF drawn from the second it is asked for: a frame a second (`frames`, 60 by default), played once and stopping on its last frame; its first frame alone is right for clients that show only it. From the target on: the done message, or the status of a postponed or cancelled countdown. A repeating countdown counts to its next occurrence. "
        : "The GIF's first frame as a PNG. ") +
      `Mail clients fetch it anew on each open (\`Cache-Control: ${EMAIL_CACHE}\`); Netlify's CDN keeps one drawing per options and second. ` +
      "An evergreen countdown is drawn for the recipient's `start` (a mailing tool's merge tag); a start written otherwise than as Unix seconds is redirected (308) to that form, so that equal starts share one drawing.",
    parameters: [...emailOptions, startParameter],
    responses: {
      "200": {
        description: "The image.",
        headers: {
          "Cache-Control": header("Fetched anew on each open.", EMAIL_CACHE),
          Pragma: header("For the proxies of HTTP 1.0.", "no-cache"),
          Expires: header("Long past, for the proxies of HTTP 1.0.", "Thu, 01 Jan 1970 00:00:00 GMT"),
          ...CORS,
        },
        content: image,
      },
      "308": {
        description:
          "An evergreen countdown's `start` written otherwise than as Unix seconds: the same image with it so (`Location`, relative).",
        headers: { Location: header("The same file, `start` as Unix seconds.", "offer.gif?start=1795771800"), ...CORS },
      },
      "400": {
        description:
          "An evergreen countdown's `start` is missing, unreadable, in the future or too far back: a small image that says so.",
        headers: CORS,
        content: image,
      },
      "404": { description: "No such countdown: a small image that says so.", headers: CORS, content: image },
      "503": error("The built countdown data cannot be read (`unavailable`)."),
    },
  };
}

interface Endpoint {
  path: string;
  id: string;
  tag: "Countdowns" | "Widget" | "Email" | "Sharing" | "Service";
  summary: string;
  description: string;
  parameters?: object[];
  responses: Record<string, object>;
  /** The path has a `{slug}` parameter. */
  slug?: boolean;
}

/** Every endpoint the service answers, once: the document is generated from this list. Over 80 lines: data, one entry an endpoint. */
function endpoints(): Endpoint[] {
  return [
    {
      path: livePath("{slug}"),
      id: "getCountdown",
      tag: "Countdowns",
      slug: true,
      summary: "The time left, computed live",
      description:
        "Without `shape`, the body carries both published shapes plus `expired`, `serverTime` and `status`, and `repeat` for a repeating countdown " +
        "(its target is then the next occurrence). An evergreen countdown counts from the viewer's `start`, which it requires; its target is that start plus its duration. " +
        `Cached for at most one second (\`Cache-Control: ${LIVE_CACHE}\`); on Netlify the CDN keys it on \`shape\` and \`start\` only.`,
      parameters: [
        startParameter,
        {
          name: "shape",
          in: "query",
          required: false,
          description:
            "`a` for exactly Shape A, `b` for exactly Shape B; any other value is a 400. Other query parameters are ignored.",
          schema: { type: "string", enum: [...SHAPES] },
        },
      ],
      responses: {
        "200": {
          description: "The countdown at `serverTime`.",
          headers: { "Cache-Control": header("At most one second.", LIVE_CACHE), ...CORS },
          content: json({ oneOf: [ref("Countdown"), ref("CountdownShapeA"), ref("CountdownShapeB")] }),
        },
        "400": error(
          `\`shape\` is neither \`a\` nor \`b\`, or is given twice (\`invalid_shape\`); an evergreen countdown's \`start\` is missing (\`start_required\`), unreadable (\`invalid_start\`), more than ${START_AHEAD_MS / 60_000} minutes ahead (\`start_in_future\`) or more than ${START_SPAN_DAYS} days back (\`start_too_old\`).`,
        ),
        "404": error("No countdown is published under this slug (`not_found`)."),
        "503": error("The built countdown data cannot be read (`unavailable`)."),
      },
    },
    {
      path: embedPath("{slug}"),
      id: "getEmbed",
      tag: "Widget",
      slug: true,
      summary: "The widget, for the src of an iframe",
      description:
        `Published snippets: \`<iframe src="{base_url}${embedPath("<slug>")}" width="100%" height="250" frameborder="0" style="border-radius:12px"></iframe>\` ` +
        'and the same with `width="320" height="180"`. Shows the title and the time left as `<d>d <hh>h <mm>m <ss>s`. The options are query parameters; ' +
        "the countdown's own defaults apply where the query gives none.",
      parameters: widgetOptions,
      responses: {
        "200": {
          description: "A self-contained HTML document: one request, inline styles and script, no cookies.",
          headers: {
            "Cache-Control": header("Changes only per deploy.", PER_DEPLOY_CACHE),
            "Content-Security-Policy": header(
              "Pins the inline script by its hash; `frame-ancestors *` lets any page embed it.",
            ),
            ...CORS,
          },
          content: html,
        },
        "404": { description: "No such countdown: a small page in the widget's style.", headers: CORS, content: html },
      },
    },
    {
      path: PAGES_PATH,
      id: "listPages",
      tag: "Countdowns",
      summary: "Every countdown, soonest target first",
      description:
        "A bare array, soonest target first (the next occurrence at build time for a repeating countdown), ties by slug; `url` is the countdown's page on this site.",
      responses: {
        "200": {
          description: "Changes only per deploy.",
          headers: { "Cache-Control": header("Changes only per deploy.", PER_DEPLOY_CACHE), ...CORS },
          content: json({ type: "array", items: ref("Page") }),
        },
      },
    },
    {
      path: HEALTH_PATH,
      id: "getHealth",
      tag: "Service",
      summary: "Status of the live runtime",
      description:
        "Answered by the live runtime (the function, or the Node server), so a health check sees the part that can fail. Never cached.",
      responses: {
        "200": {
          description: "The live runtime answers.",
          headers: { "Cache-Control": header("Never cached.", "no-store"), ...CORS },
          content: json(ref("Health")),
        },
        "503": error("The built countdown data cannot be read (`unavailable`)."),
      },
    },
    {
      path: dataPath("{slug}"),
      id: "getTargetData",
      tag: "Countdowns",
      slug: true,
      summary: "A countdown's static target data",
      description:
        "For clients that count by themselves (`<countdown-timer>` reads it): the slug, the title, the target (the first occurrence for a repeating countdown) and the words shown in place of the count. Changes only per deploy. Its `Date` (and a cache's `Age`) are exposed to other origins, so a client can correct a wrong clock.",
      responses: {
        "200": { description: "The target data.", headers: CORS, content: json(ref("TargetData")) },
        "404": error("No such countdown (`not_found`)."),
      },
    },
    {
      path: OEMBED_PATH,
      id: "getOembed",
      tag: "Sharing",
      summary: "oEmbed: a countdown's URL as its widget",
      description:
        "oEmbed 1.0 (https://oembed.com/), type `rich`: the published iframe snippet of the size that fits `maxwidth` and `maxheight` " +
        "(100% × 250 when 250 px of height are allowed, else 320 × 180, narrower down to 280 px), with a `title` naming the countdown. " +
        "Every countdown page links it for discovery. Changes only per deploy.",
      parameters: [
        {
          name: "url",
          in: "query",
          required: true,
          description: `A countdown's page (\`{base_url}${pagePath("<slug>")}\`) or widget (\`{base_url}${embedPath("<slug>")}\`, its valid options kept) on this site.`,
          schema: { type: "string", format: "uri" },
        },
        {
          name: "maxwidth",
          in: "query",
          required: false,
          description: "The widest the embed may be, in pixels (at least 280).",
          schema: { type: "integer", minimum: 280 },
        },
        {
          name: "maxheight",
          in: "query",
          required: false,
          description: "The tallest the embed may be, in pixels (at least 180).",
          schema: { type: "integer", minimum: 180 },
        },
        {
          name: "format",
          in: "query",
          required: false,
          description: "`json`; `xml` is not implemented (501).",
          schema: { type: "string", enum: ["json", "xml"], default: "json" },
        },
      ],
      responses: {
        "200": {
          description: "The embed.",
          headers: { "Cache-Control": header("A few minutes.", "public, max-age=300"), ...CORS },
          content: json(ref("Oembed")),
        },
        "400": error(
          "`url` missing or not a URL, `maxwidth`/`maxheight` not whole numbers or below the widget's smallest size, `format` unknown (`missing_url`, `invalid_url`, `invalid_size`, `invalid_format`).",
        ),
        "404": error("`url` is not a countdown of this site (`not_found`)."),
        "501": error("`format=xml` (`format_not_implemented`)."),
        "503": error("The built countdown data cannot be read (`unavailable`)."),
      },
    },
    {
      path: badgePath("{slug}"),
      id: "getBadge",
      tag: "Sharing",
      slug: true,
      summary: "A live badge for READMEs",
      description:
        "A shields-style SVG: the title, then `in 39 days`, `in 5 h`, `in 12 min`, `live now` (for an hour from the target or each occurrence), " +
        "`ended`, `postponed` or `cancelled`. Never more than a minute old, on the CDN too.",
      responses: {
        "200": {
          description: "The badge.",
          headers: { "Cache-Control": header("A minute at most.", BADGE_CACHE), ...CORS },
          content: { "image/svg+xml": { schema: { type: "string" } } },
        },
        "404": {
          description: "No such countdown: a badge that says so.",
          headers: CORS,
          content: { "image/svg+xml": { schema: { type: "string" } } },
        },
      },
    },
    {
      path: previewImagePath("{slug}"),
      id: "getPreviewImage",
      tag: "Sharing",
      slug: true,
      summary: "The link-preview image",
      description:
        "1200 × 630 PNG with the title, the target in the author's zone (or the rule of a repeating countdown) and the status: the Open Graph and Twitter card image of the countdown's page. Drawn on first request, then kept until the next deploy.",
      responses: {
        "200": {
          description: "The image.",
          headers: { "Cache-Control": header("An hour.", "public, max-age=3600"), ...CORS },
          content: { "image/png": { schema: { type: "string", contentMediaType: "image/png" } } },
        },
        "404": error("No such countdown (`not_found`)."),
        "503": error("The built countdown data cannot be read (`unavailable`)."),
      },
    },
    emailEndpoint("gif"),
    emailEndpoint("png"),
    {
      path: OPENAPI_PATH,
      id: "getOpenApi",
      tag: "Service",
      summary: "This description",
      description: "The API as OpenAPI 3.1.",
      responses: { "200": { description: "This document.", headers: CORS, content: json({ type: "object" }) } },
    },
    {
      path: SCHEMA_PATH,
      id: "getCountdownSchema",
      tag: "Service",
      summary: "The JSON Schema of a countdown file's front matter",
      description:
        "For editors: completion and checks of countdowns/<slug>.md with the build's own rules (the build checks more: real dates, time zone gaps).",
      responses: {
        "200": { description: "A JSON Schema (2020-12).", headers: CORS, content: json({ type: "object" }) },
      },
    },
  ];
}

/** The methods other than GET, HEAD and OPTIONS, which every path answers with 405. */
const REFUSED_METHODS = ["post", "put", "patch", "delete"] as const;

function pathItem(endpoint: Endpoint): object {
  const operation = (id: string, summary: string, description: string, responses: object) => ({
    operationId: id,
    tags: [endpoint.tag],
    summary,
    description,
    responses,
  });
  const capitalized = (method: string) => method[0]!.toUpperCase() + method.slice(1);
  return {
    ...(endpoint.slug ? { parameters: [slugParameter] } : {}),
    get: {
      ...operation(
        endpoint.id,
        endpoint.summary,
        `${endpoint.description} HEAD answers the same headers without the body.`,
        endpoint.responses,
      ),
      ...(endpoint.parameters ? { parameters: endpoint.parameters } : {}),
    },
    options: operation(`${endpoint.id}Preflight`, "CORS preflight", "Any origin may call with any header.", {
      "204": {
        description: "Allowed.",
        headers: {
          ...CORS,
          "Access-Control-Allow-Methods": header("The methods allowed.", ALLOWED_METHODS),
          Allow: header("The methods allowed.", ALLOWED_METHODS),
        },
      },
    }),
    ...Object.fromEntries(
      REFUSED_METHODS.map((method) => [
        method,
        operation(
          `${endpoint.id}${capitalized(method)}`,
          `${method.toUpperCase()} is not supported`,
          `Only ${ALLOWED_METHODS}; the \`Allow\` header lists them.`,
          {
            "405": { $ref: "#/components/responses/MethodNotAllowed" },
          },
        ),
      ]),
    ),
  };
}

export function openApiDocument(site: SiteAddress, version: string, siteName: string): object {
  return {
    openapi: "3.1.0",
    info: {
      title: `${siteName}: the countdown API`,
      version,
      summary: "Named countdowns to a target date, as live JSON and as an embeddable widget.",
      description:
        "Every operation is GET (and HEAD); OPTIONS answers a CORS preflight; other methods get 405. Every /api/* response carries " +
        '`Access-Control-Allow-Origin: *`. Errors are `{ "error": { "code", "message" } }`. The service is public and read-only: no credentials. ' +
        `The routes computed per request read each query parameter once (a name given twice: its first value, but for \`shape\`); a query past ${MOST_QUERY_LENGTH} characters is answered 414 (\`query_too_long\`), one past ${MOST_QUERY_PARAMETERS} parameters 400 (\`too_many_parameters\`); the email image says either as an image.`,
      contact: { name: "This service", url: absoluteUrl(site, "/") },
      license: { name: "MIT", identifier: "MIT" },
    },
    // The site's own path: the same document is right wherever the service is deployed.
    servers: [{ url: publicPath(site, "/") }],
    security: [],
    tags: [
      { name: "Countdowns", description: "The countdowns as JSON: live, listed and static." },
      { name: "Widget", description: "The embeddable widget." },
      {
        name: "Email",
        description: "The countdown as an image for email: an animated GIF, or a PNG of its first frame.",
      },
      { name: "Sharing", description: "oEmbed, the link-preview image and the README badge." },
      { name: "Service", description: "Health and descriptions of the service." },
    ],
    paths: Object.fromEntries(endpoints().map((endpoint) => [endpoint.path, pathItem(endpoint)])),
    components: {
      headers: { AccessControlAllowOrigin: header("Any origin may read the answer.", "*") },
      responses: {
        MethodNotAllowed: {
          description: `Any method but ${ALLOWED_METHODS} (\`method_not_allowed\`).`,
          headers: { ...CORS, Allow: header("The methods allowed.", ALLOWED_METHODS) },
          content: json(ref("Error")),
        },
      },
      schemas: schemas(),
    },
  };
}

/** The document's schemas. Over 80 lines: data, one entry a schema. */
function schemas(): object {
  const days = { type: "integer", minimum: 0 };
  return {
    Slug: RECORD_SCHEMA.properties.slug,
    Title: RECORD_SCHEMA.properties.title,
    Instant: { type: "string", description: "UTC, whole seconds: `YYYY-MM-DDThh:mm:ssZ`.", pattern: INSTANT_PATTERN },
    TimeLeft: {
      type: "object",
      additionalProperties: false,
      required: ["days", "hours", "minutes", "seconds"],
      description: "max(0, floor((target - now) / 1 s)) split into whole units.",
      properties: {
        days,
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
      properties: { slug: ref("Slug"), title: ref("Title"), targetIso: ref("Instant"), days },
    },
    Countdown: {
      type: "object",
      additionalProperties: false,
      description:
        "Both published shapes in one body, plus `expired`, `serverTime`, `status`, and `repeat` for a repeating countdown.",
      required: ["slug", "title", "targetDate", "timeLeft", "targetIso", "days", "expired", "serverTime", "status"],
      properties: {
        slug: ref("Slug"),
        title: ref("Title"),
        targetDate: ref("Instant"),
        timeLeft: ref("TimeLeft"),
        targetIso: ref("Instant"),
        days,
        expired: {
          type: "boolean",
          description:
            "True from the target on (for a repeating countdown: after its last occurrence); then every count is 0.",
        },
        serverTime: {
          type: "string",
          format: "date-time",
          description: "The instant the time left was computed for, UTC with milliseconds.",
        },
        status: {
          enum: [...STATUSES],
          description:
            "A postponed or cancelled countdown keeps its target; its widget shows the status instead of ticking.",
        },
        repeat: {
          ...RECORD_SCHEMA.properties.repeat.properties.rule,
          description: "How the countdown repeats (the record's `repeat.rule`); the target is the next occurrence.",
        },
        evergreen: {
          type: "integer",
          minimum: 60,
          description: "An evergreen countdown's duration in seconds; the target is `start` plus it.",
        },
        start: {
          ...ref("Instant"),
          description: "An evergreen countdown: the viewer's start, as the query's `start` reads (whole seconds, UTC).",
        },
      },
    },
    Page: {
      type: "object",
      additionalProperties: false,
      required: ["slug", "title", "url"],
      properties: {
        slug: ref("Slug"),
        title: ref("Title"),
        url: { type: "string", format: "uri", description: "The countdown's page on this site." },
      },
    },
    // The record of src/published-record.ts, with the words shown in place of the count.
    TargetData: {
      ...RECORD_SCHEMA,
      required: [...RECORD_SCHEMA.required, "messages"],
      properties: {
        ...RECORD_SCHEMA.properties,
        messages: MESSAGES_SCHEMA,
      },
    },
    Oembed: {
      type: "object",
      additionalProperties: false,
      required: [
        "version",
        "type",
        "title",
        "provider_name",
        "provider_url",
        "html",
        "width",
        "height",
        "cache_age",
        "thumbnail_url",
        "thumbnail_width",
        "thumbnail_height",
      ],
      properties: {
        version: { const: "1.0" },
        type: { const: "rich" },
        title: ref("Title"),
        provider_name: { type: "string" },
        provider_url: { type: "string", format: "uri" },
        html: { type: "string", description: "The published iframe snippet, with a `title` attribute." },
        width: { type: "integer", minimum: 280 },
        height: { enum: [180, 250] },
        cache_age: { type: "integer", minimum: 0 },
        thumbnail_url: { type: "string", format: "uri", description: "The link-preview image." },
        thumbnail_width: { const: 1200 },
        thumbnail_height: { const: 630 },
      },
    },
    Health: {
      type: "object",
      additionalProperties: false,
      required: ["status", "countdowns", "version", "time", "tzdata"],
      properties: {
        status: { const: "ok" },
        countdowns: { type: "integer", minimum: 0 },
        version: { type: "string" },
        time: { type: "string", format: "date-time" },
        tzdata: {
          type: "object",
          description:
            "The IANA time zone data versions in use: the build's, which fixed each target, and the live runtime's, which computes repeating countdowns' next occurrences.",
          additionalProperties: false,
          required: ["build", "runtime"],
          properties: {
            build: { type: "string", examples: ["2025c"] },
            runtime: { type: "string", examples: ["2025c"] },
          },
        },
        warnings: {
          type: "array",
          items: { type: "string" },
          description:
            "What still answers, but less well than it should (the Node server's email images drawn in the main thread); left out when nothing.",
        },
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
            code: {
              type: "string",
              enum: [
                "invalid_shape",
                "start_required",
                "invalid_start",
                "start_in_future",
                "start_too_old",
                "not_found",
                "method_not_allowed",
                "unavailable",
                "internal_error",
                "bad_request",
                "missing_url",
                "invalid_url",
                "invalid_size",
                "invalid_format",
                "format_not_implemented",
                "query_too_long",
                "too_many_parameters",
              ],
            },
            message: { type: "string" },
          },
        },
      },
    },
  };
}
