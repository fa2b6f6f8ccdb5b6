// The script of the site's pages (not of the widget), loaded as a module file: the live countdowns of
// the index and of a countdown's page, targets in the visitor's local time, the embed snippets'
// configurator and Copy buttons.
import { formatTimeLeft, timeLeft } from "../time/time-left.ts";
import { tickEverySecond } from "../time/ticking.ts";
import { CHOICES, OPTION_NAMES, isValidOption, resolveOptions, type WidgetOptions } from "../widget/options.ts";

/**
 * Every `[data-countdown="<ISO target>"]` element shows the time left in its `[data-left]` and, from
 * the target on, its `[data-done]`. Both keep their place in the layout until then (class
 * `pending`: invisible), so nothing moves when they show.
 */
const live = [...document.querySelectorAll<HTMLElement>("[data-countdown]")].map((root) => ({
  targetMs: Date.parse(root.dataset.countdown!),
  left: root.querySelector<HTMLElement>("[data-left]")!,
  done: root.querySelector<HTMLElement>("[data-done]"),
}));
if (live.length > 0) {
  for (const { left } of live) left.classList.remove("pending");
  tickEverySecond(
    (nowMs) => {
      for (const { targetMs, left, done } of live) {
        const text = formatTimeLeft(timeLeft(targetMs, nowMs));
        if (left.textContent !== text) left.textContent = text;
        done?.classList.toggle("pending", nowMs < targetMs);
      }
      return live.some(({ targetMs }) => nowMs < targetMs);
    },
    // The soonest target still ahead sets the boundaries; every target is a whole second, so all agree.
    () => live[0]!.targetMs,
  );
}

/** Every `<time data-local datetime="…Z">` shows its instant in the visitor's zone. */
const localFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "long" });
for (const time of document.querySelectorAll<HTMLTimeElement>("time[data-local]")) {
  time.textContent = localFormat.format(new Date(time.dateTime));
}

/**
 * The configurator: a control per widget option. The previews and both snippets follow it; the
 * address carries the options that differ from the countdown's own defaults, which the widget
 * applies by itself. A colour the widget had to replace for contrast is named under the colours.
 */
const form = document.querySelector<HTMLFormElement>("[data-configurator]");
if (form) {
  const defaults = resolveOptions(form.dataset.defaults!, "");
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | RadioNodeList | null;
  // Start from the countdown's defaults.
  for (const [name, value] of Object.entries(defaults)) {
    const control = field(name);
    if (control instanceof RadioNodeList || control instanceof HTMLSelectElement) control.value = value;
    else if (control?.type === "color") {
      control.value = `#${value.length === 3 ? value.replace(/./g, "$&$&") : value}`;
      control.disabled = false;
      form.querySelector<HTMLInputElement>(`[data-colour="${name}"]`)!.checked = true;
    } else if (control?.type === "checkbox") control.checked = control.value === value;
    else if (control) control.value = value;
  }
  const chosen = (): string => {
    const options: WidgetOptions = {};
    for (const name of OPTION_NAMES) {
      const control = field(name);
      let value: string | undefined;
      if (control instanceof RadioNodeList || control instanceof HTMLSelectElement) value = control.value;
      else if (control?.type === "color") value = control.disabled ? undefined : control.value.slice(1);
      else if (control?.type === "checkbox") value = control.checked ? control.value : CHOICES[name as keyof typeof CHOICES]?.[0] ?? undefined;
      else value = control?.value.trim() || undefined;
      const fallback = defaults[name] ?? CHOICES[name as keyof typeof CHOICES]?.[0];
      if (value !== undefined && value !== fallback && isValidOption(name, value)) options[name] = value;
    }
    return new URLSearchParams(options as Record<string, string>).toString();
  };
  const previews = [...document.querySelectorAll<HTMLIFrameElement>("iframe[data-preview]")];
  const embedSrc = form.dataset.embedSrc!;
  const previewPath = new URL(previews[0]!.src).pathname;
  const contrast = document.getElementById("contrast")!;
  const update = () => {
    const query = chosen();
    const src = query ? `${embedSrc}?${query}` : embedSrc;
    for (const code of document.querySelectorAll<HTMLElement>("[data-snippet]")) code.textContent = code.dataset.snippet!.replace("{src}", src.replace(/&/g, "&amp;"));
    for (const preview of previews) {
      const next = query ? `${previewPath}?${query}` : previewPath;
      if (new URL(preview.src).pathname + new URL(preview.src).search !== next) preview.src = next;
    }
  };
  for (const toggle of form.querySelectorAll<HTMLInputElement>("[data-colour]")) {
    toggle.addEventListener("change", () => {
      (field(toggle.dataset.colour!) as HTMLInputElement).disabled = !toggle.checked;
    });
  }
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  // The widget says when it replaced a colour that read too little (its data-adjusted attribute).
  previews[0]!.addEventListener("load", () => {
    const adjusted = previews[0]!.contentDocument?.documentElement.dataset.adjusted ?? "";
    contrast.textContent = adjusted
      ? `Too little contrast: the widget shows ${[adjusted.includes("f") && "the text", adjusted.includes("a") && "the time left"].filter(Boolean).join(" and ")} in black or white instead.`
      : "";
  });
  update();
}

/** `<button data-copy="id">` copies the text of the element with that id and says so. */
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
  button.addEventListener("click", async () => {
    const text = document.getElementById(button.dataset.copy!)?.textContent ?? "";
    const status = document.getElementById(`${button.dataset.copy}-status`);
    try {
      await navigator.clipboard.writeText(text);
      if (status) status.textContent = "Copied.";
    } catch {
      if (status) status.textContent = "Copying was not allowed: select the text and copy it by hand.";
    }
  });
}
