// The creator page (/new/): the form's fields become a countdown file, written as `npm run new` writes
// it (src/authoring/countdown-text.ts) and checked by the build's own code (parseCountdownFile), so
// the problems shown beside each field are the build's, word for word. Shows a live preview, the
// file's text with Copy and Download, and the repository's new-file page with the file filled in.
import { inFieldOrder, type Problem } from "../authoring/countdown.ts";
import { parseCountdownFile } from "../authoring/countdown-file.ts";
import { countdownFileText, slugFromTitle, titleSlug, type NewCountdown } from "../authoring/countdown-text.ts";
import { dateWords } from "../text/dates.ts";
import { evergreenWords } from "../text/messages.ts";
import { fill, type ScriptWords } from "../text/page-words.ts";
import { newFileUrl } from "../authoring/repository.ts";
import { nextOccurrence } from "../time/occurrence.ts";
import { tickEverySecond } from "../time/ticking.ts";
import { formatTimeLeft, unitsLeft } from "../time/time-left.ts";

/** The page's words for what this script says, in the page's language (written into the page as JSON). */
const words: ScriptWords = JSON.parse(document.getElementById("page-words")?.textContent || "{}");
const form = document.querySelector<HTMLFormElement>("form[data-creator]")!;
const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
const folder = form.dataset.folder || "countdowns";
const fileText = document.querySelector<HTMLTextAreaElement>("[data-file-text]")!;
const download = document.querySelector<HTMLAnchorElement>("[data-download]")!;
const repositoryLink = document.querySelector<HTMLAnchorElement>("[data-repository-link]");
const others = document.querySelector<HTMLElement>("[data-other-problems]")!;
const preview = {
  title: document.querySelector<HTMLElement>("[data-preview-title]")!,
  count: document.querySelector<HTMLElement>("[data-preview-count]")!,
  when: document.querySelector<HTMLElement>("[data-preview-when]")!,
};

// The time zone: the visitor's, and every zone Intl knows to search.
const zones = document.getElementById("zones")!;
const supported =
  (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
zones.append(...["UTC", ...supported].map((zone) => Object.assign(document.createElement("option"), { value: zone })));
input("timezone").value = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
input("lang").value = form.dataset.lang || "en";
// A week from today, at the time the form shows.
if (!input("date").value) input("date").value = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
// Shown once it holds its date: its text is as wide as a date, not as the empty control's "mm/dd/yyyy".
input("date").classList.remove("pending");

/** Where each field's problems show: a problem's field (`target`, `widget.theme`) to the element beside its control. */
const PLACES: Record<string, string> = {
  title: "p-title",
  slug: "p-slug",
  target: "p-target",
  evergreen: "p-evergreen",
  timezone: "p-timezone",
  repeat: "p-repeat",
  until: "p-until",
  status: "p-status",
  lang: "p-lang",
  done: "p-done",
  widget: "p-widget",
};
const CONTROLS: Record<string, string[]> = {
  title: ["title"],
  slug: ["slug"],
  target: ["date", "time"],
  evergreen: ["evergreen"],
  timezone: ["timezone"],
  repeat: ["repeat"],
  until: ["until"],
  status: ["status"],
  lang: ["lang"],
  done: ["done"],
};
/** The site's language: a countdown in it names none, as `npm run new` writes it (the build gives it the site's). */
const siteLang = form.dataset.lang || "en";
const checkbox = (name: string) => input(name).checked;

/** The addresses published already (`/api/pages`): a file made for one of them replaces that countdown. */
let published = new Map<string, string>();
fetch(form.dataset.pages!)
  .then((response) => (response.ok ? response.json() : []))
  .then((pages: { slug: string; url: string }[]) => {
    published = new Map(pages.map((page) => [page.slug, page.url]));
    update();
  })
  .catch(() => {});

/** The form as a new countdown's fields: what is empty is left out, as `npm run new` leaves it. */
function fields(): NewCountdown {
  const text = (name: string) => input(name).value.trim() || undefined;
  const repeat = text("repeat");
  const theme = text("theme");
  const layout = text("layout");
  return {
    title: input("title").value.trim(),
    // An evergreen countdown has a duration instead of a date.
    ...(text("evergreen")
      ? { evergreen: text("evergreen") }
      : { target: `${input("date").value} ${input("time").value || "00:00"}`.trim() }),
    timezone: text("timezone"),
    done: text("done"),
    // The site's language is every countdown's that names none: written only when another.
    lang: text("lang") === siteLang ? undefined : text("lang"),
    status: text("status"),
    repeat,
    // The last occurrence, or an evergreen countdown's latest deadline, may be on that day: the end of it.
    until: (repeat || text("evergreen")) && text("until") ? `${input("until").value} 23:59:59` : undefined,
    description: input("description").value,
    unlisted: checkbox("unlisted") || undefined,
    widget: { ...(theme ? { theme } : {}), ...(layout ? { layout } : {}) },
  };
}

let counting: { targetMs: number; next?: (nowMs: number) => number } | undefined;

// A field's problems show once its controls have been changed (the slug's with the title's, as it
// is made from it), or all of them once the file is asked for: an empty form on arrival says nothing,
// and nothing on it moves as it loads.
const FIELD_OF: Record<string, string[]> = Object.fromEntries(
  Object.entries(CONTROLS).flatMap(([field, names]) => names.map((name) => [name, [field]])),
);
FIELD_OF.title = ["title", "slug"];
const touched = new Set<string>();
let askedForFile = false;

/** Shows what the form makes. Over 80 lines: every field's problem, the preview and the file follow one reading of the form. */
function update(): void {
  // A duration counts from each viewer's start: no date, time or repeat rule with it; `until` caps it.
  const evergreen = !!input("evergreen").value.trim();
  for (const name of ["date", "time", "repeat"]) input(name).disabled = evergreen;
  input("until").disabled = !input("repeat").value && !evergreen;
  const countdown = fields();
  const written = input("slug").value.trim();
  const lang = countdown.lang ?? siteLang;
  // An address made from the title only where the whole title makes it (src/authoring/countdown-text.ts).
  const made = written
    ? { slug: written }
    : titleSlug(countdown.title, "write one in the Address field, like hanabi-2027", lang);
  const slug = made.slug;
  input("slug").placeholder = (countdown.title && slugFromTitle(countdown.title, lang)) || "hanabi-2027";
  const text = countdownFileText(countdown);
  const file = `${folder}/${slug || "countdown"}.md`;
  const result = parseCountdownFile(file, text, { now: Date.now(), defaultLang: siteLang });
  // An address published already: said beside the address, and the file is made only once the person says to replace it.
  const takenBy = slug ? published.get(slug) : undefined;
  const taken = document.getElementById("taken")!;
  taken.hidden = !takenBy;
  taken.textContent = takenBy ? fill(words.addressTaken, { page: takenBy }) : "";
  document.getElementById("replace")!.hidden = !takenBy;
  const blocked = !!takenBy && !checkbox("replace");
  let problems: Problem[] = [...result.problems];
  if (made.problem) problems.push({ file, field: "slug", message: made.problem });
  // A date or time the browser could not take (a day that does not exist, a half-typed date) leaves its
  // control empty: the person is asked to choose one, beside that control.
  const missing = !input("date").value ? words.chooseDate : !input("time").value ? words.chooseTime : undefined;
  if (missing)
    problems = [
      ...problems.filter((problem) => problem.field !== "target"),
      { file, field: "target", message: missing },
    ];
  problems = inFieldOrder(problems);

  // Each problem beside its field; the rest (and the warnings) in the list under the preview.
  const said = new Map<string, string[]>();
  const rest: string[] = [];
  for (const { field, message } of problems) {
    const place = PLACES[field.split(".")[0]!];
    // A message of the page's own (choose a date) stands alone; the build's name their field.
    const line = message === missing ? message : `${field}: ${message}`;
    if (place) said.set(place, [...(said.get(place) ?? []), line]);
    else rest.push(line);
  }
  for (const warning of result.warnings)
    rest.push(fill(words.warning, { message: `${warning.field}: ${warning.message}` }));
  for (const [field, place] of Object.entries(PLACES)) {
    const messages = askedForFile || touched.has(field) || field === "widget" ? (said.get(place) ?? []) : [];
    document.getElementById(place)!.textContent = messages.join(" ");
    for (const name of CONTROLS[field] ?? []) input(name).setAttribute("aria-invalid", String(messages.length > 0));
  }
  others.replaceChildren(
    ...rest.map((message) => Object.assign(document.createElement("li"), { textContent: message })),
  );

  fileText.value = text;
  const ok = problems.length === 0 && !blocked;
  // A data: address, not a blob: one: it needs no clean-up, and reads back as the text it holds.
  download.href = ok ? `data:text/markdown;charset=utf-8,${encodeURIComponent(text)}` : "#";
  download.download = `${slug || "countdown"}.md`;
  download.toggleAttribute("aria-disabled", !ok);
  if (repositoryLink) {
    const url = ok
      ? newFileUrl(form.dataset.repository!, form.dataset.branch || "main", `${folder}/${slug}.md`, text)
      : undefined;
    repositoryLink.hidden = !url;
    if (url) repositoryLink.href = url;
  }

  preview.title.textContent = countdown.title || words.yourCountdown;
  const parsed = result.countdown;
  // An evergreen countdown as a visitor arriving now sees it: its duration from now.
  const targetMs = parsed?.evergreenMs ? Date.now() - (Date.now() % 1000) + parsed.evergreenMs : parsed?.targetMs;
  counting = parsed && {
    targetMs: targetMs!,
    ...(parsed.schedule.repeat
      ? { next: (nowMs: number) => nextOccurrence(parsed.schedule, nowMs) ?? parsed.targetMs }
      : {}),
  };
  preview.when.textContent = !parsed
    ? ""
    : parsed.evergreenMs
      ? evergreenWords(parsed.evergreenMs, parsed.lang)
      : dateWords(parsed.targetMs, parsed.timezone, parsed.lang);
  draw(Date.now());
}

function draw(nowMs: number): boolean {
  if (!counting) {
    preview.count.textContent = "–";
    return true;
  }
  const targetMs = counting.next?.(nowMs) ?? counting.targetMs;
  preview.count.textContent = formatTimeLeft(unitsLeft(targetMs, nowMs));
  return true;
}

const changed = (event: Event) => {
  for (const field of FIELD_OF[(event.target as HTMLInputElement).name] ?? []) touched.add(field);
  update();
};
form.addEventListener("input", changed);
form.addEventListener("change", changed);
const askFor = () => {
  askedForFile = true;
  update();
};
download.addEventListener("click", (event) => {
  askFor();
  if (download.hasAttribute("aria-disabled")) event.preventDefault();
});
document.querySelector('[data-copy="countdown-file"]')?.addEventListener("click", askFor);
update();
tickEverySecond(draw);
