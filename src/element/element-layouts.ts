// What `<countdown-timer>` loads for the units and tiles layouts, and only for them (a dynamic import
// of /api/element-layouts.js): their styles, kept out of the element's own module, which stays within
// its 4,096 bytes. Four numbers in one row from the start of the line (in the language's direction),
// their labels under them, whatever the element's width: the numbers' type follows the element's
// width (a container query) down to what fits; a tile is a card of a grey tint that reads on light
// and dark pages alike.
export default `div{container-type:inline-size}` +
  `p{display:flex;gap:.25em;font-size:min(var(--countdown-size,2em),9cqi)}` +
  `b{display:inline-grid;text-align:center}[part=unit]{font-size:max(12px,.3em);font-weight:500}` +
  `[data-layout=tiles] b{padding:.1em .2em;border-radius:.2em;background:#8882}`;
