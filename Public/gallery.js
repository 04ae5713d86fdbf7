// The gallery: every component and state in every style, grouped as the articles build them up,
// each picture a link that opens it in the playground.

import { describe, pointSize, queryString } from "./relief.js";

/** Light, then dark, then colorful, as the first two articles go; soft is the toggle article's palette. */
const STYLES = ["light", "dark", "colorful", "soft"];

/** Pixels per point of the gallery's pictures, shown at their size in points so they stay sharp. */
const SCALE = 2;

const GROUPS = [
  {
    title: "Round buttons",
    text: "The series begins with a light button that sinks when pressed. It then turns dark, and "
      + "finally colourful, so that the pressed state reads at a glance and the icon keeps its contrast.",
    shots: [
      { caption: "at rest", given: { component: "button" } },
      { caption: "pressed", given: { component: "button", pressed: "true" } },
    ],
  },
  {
    title: "Toggles",
    text: "A toggle is drawn as a button that stays down: off looks at rest, on looks pressed.",
    shots: [
      { caption: "off", given: { component: "toggle" } },
      { caption: "on", given: { component: "toggle", on: "true" } },
    ],
  },
  {
    title: "Rounded and capsule buttons",
    text: "The same surfaces on the other shapes a button can take.",
    shots: [
      { caption: "rounded, at rest", given: { component: "button", shape: "rounded" } },
      { caption: "rounded, pressed", given: { component: "button", shape: "rounded", pressed: "true" } },
      { caption: "capsule, at rest", given: { component: "button", shape: "capsule" } },
      { caption: "capsule, pressed", given: { component: "button", shape: "capsule", pressed: "true" } },
    ],
  },
  {
    title: "Wells and the switch",
    text: "The animated toggle article starts from a shallow well, sinks it deeper, then lays a knob "
      + "over the deep well with ON and OFF beside it: off covers ON, on covers OFF.",
    shots: [
      { caption: "shallow well", given: { component: "well", depth: "shallow" } },
      { caption: "deep well", given: { component: "well", depth: "deep" } },
      { caption: "switch off", given: { component: "switch" } },
      { caption: "switch on", given: { component: "switch", on: "true" } },
    ],
  },
  {
    title: "Cards",
    text: "The bare surface, as the first article warms up with: 300 by 300 points with rounded corners.",
    shots: [{ caption: "card", given: { component: "card" } }],
  },
];

/** What the drawing of `given` uses for every parameter it leaves out. */
const DEFAULTS = { shape: "circle", depth: "deep", icon: "heart", pressed: "false", on: "false" };

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

function shot({ caption, given }, style) {
  const parameters = { component: given.component, style, ...given };
  const values = { ...DEFAULTS, ...parameters };
  const size = pointSize(values);
  const image = element("img", {
    src: `/render?${queryString(Object.entries({ ...parameters, scale: SCALE }))}`,
    width: size.width, height: size.height, alt: describe(values), decoding: "async",
  });
  const link = element("a", { href: `/?${queryString(Object.entries(parameters))}#playground` }, image);
  return element("li", {}, element("figure", {}, link, element("figcaption", {}, caption)));
}

/** Fills `container` with one section per group, each with a column per style. */
export function buildGallery(container) {
  container.replaceChildren(...GROUPS.map((group, index) => {
    const headingID = `gallery-group-${index}`;
    const styles = element("ol", { class: "gallery-styles" }, ...STYLES.map((style) => element("li", {},
      element("h4", {}, style[0].toUpperCase() + style.slice(1)),
      element("ul", { class: "gallery-shots" }, ...group.shots.map((entry) => shot(entry, style))))));
    return element("section", { class: "gallery-group", "aria-labelledby": headingID },
      element("h3", { id: headingID }, group.title), element("p", {}, group.text), styles);
  }));
}
