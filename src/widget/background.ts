// `background=image` (src/widget/options.ts): the countdown's image (its file's `image`) behind the
// widget's content, under a scrim that keeps every colour of its text readable (src/colour/scrims.ts).
// The build writes this style into the widget of a countdown that has an image (src/widget/embed.njk),
// so the option costs the inline ticker nothing but its name in the options' pattern: the ticker sets
// `data-background` on <html> as it sets every option. The image is the site's own file (the
// widget's CSP allows its images, src/http/policy.ts); a countdown without one ignores the option.
import { WIDGET_IMAGE } from "../colour/scrims.ts";

/** The widget's style for `background=image`, the image at `href` (a path of the site, as served). */
export function imageBackgroundCss(href: string): string {
  const { colours, scrim, under } = WIDGET_IMAGE;
  // (Over the themes' colours, theme=transparent's dark ones among them: html[...] outweighs :root. The
  // root's box is the frame's, as the scrim and the cover are sized by it: its content is fixed.)
  return `html[data-background=image]{min-height:100%;color-scheme:dark;--b:${under};--f:${colours.f};--m:${colours.m};--a:${colours.a};background:linear-gradient(${scrim},${scrim}),url("${href}") 50%/cover var(--b)}`;
}
