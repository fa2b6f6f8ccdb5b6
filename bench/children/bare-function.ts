// The floor of the cold-start benchmark: about the least a Netlify Function can do to answer the
// same JSON as netlify/functions/live.ts: the live data inlined by the bundler, the default-shape
// body built for the current instant, one Response with the same headers. No routing, no checks.
import liveData from "#live-data";

interface Countdown {
  slug: string;
  title: string;
  targetDate: string;
}

const HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Access-Control-Allow-Origin": "*",
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "public, max-age=1",
  "Netlify-CDN-Cache-Control": "public, max-age=1",
  "Netlify-Vary": "query=shape",
};

export default function answer(request: Request): Response {
  const slug = request.url.slice(request.url.lastIndexOf("/") + 1);
  const countdown = (liveData as { countdowns: Countdown[] }).countdowns.find((entry) => entry.slug === slug)!;
  const now = Date.now();
  const total = Math.max(0, Math.floor((Date.parse(countdown.targetDate) - now) / 1000));
  const timeLeft = { days: Math.floor(total / 86400), hours: Math.floor((total % 86400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
  const body = {
    slug: countdown.slug,
    title: countdown.title,
    targetDate: countdown.targetDate,
    timeLeft,
    targetIso: countdown.targetDate,
    days: timeLeft.days,
    expired: now >= Date.parse(countdown.targetDate),
    serverTime: new Date(now).toISOString(),
  };
  return new Response(JSON.stringify(body), { headers: HEADERS });
}
