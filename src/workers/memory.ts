// What an isolate of the Worker keeps, in bytes, beside the fonts (22 MB once every script has been
// drawn, in HarfBuzz's memory) and resvg's largest drawing: the live data shards and the packs read,
// and the email drawings kept (the CDN keeps the rest). Within the isolate's 128 MB with a quarter to
// spare, as `npm run bench -- workers-memory` measures (docs/deploying.md, "Memory").
export const MEMORY = { liveBytes: 4 * 1024 * 1024, packBytes: 8 * 1024 * 1024, emailBytes: 4 * 1024 * 1024 };
