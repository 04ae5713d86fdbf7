// The gallery: every component and state in every style, grouped as the articles build them up,
// each picture a link that opens it in the playground. The list is the server's (x-relief-gallery
// in /openapi.json), the one `relief gallery` prints too.

import { queryString } from "./relief.js";

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/**
 * One picture of `entry` in `style`, drawn at the gallery's scale and shown at its size in points,
 * with the alt text and size the server gives for it (`pictures`).
 */
function shot(parameters, { caption, component, state, pictures }, style) {
  const given = [["component", component], ["style", style], ...new URLSearchParams(state)];
  const { alt, width, height } = pictures[style];
  const image = element("img", {
    src: `/render?${queryString([...given, ["scale", parameters.gallery.scale]])}`, width, height, alt, decoding: "async",
  });
  const link = element("a", { href: `/?${queryString(given)}#playground` }, image);
  return element("li", {}, element("figure", {}, link, element("figcaption", {}, caption)));
}

/** Fills `container` with one section per group of `parameters.gallery`, each with a column per style. */
export function buildGallery(container, parameters) {
  const { groups, styles } = parameters.gallery;
  container.replaceChildren(...groups.map((group, index) => {
    const headingID = `gallery-group-${index}`;
    const columns = element("ol", { class: "gallery-styles" }, ...styles.map((style) => element("li", {},
      element("h4", {}, style[0].toUpperCase() + style.slice(1)),
      element("ul", { class: "gallery-shots" }, ...group.entries.map((entry) => shot(parameters, entry, style))))));
    return element("section", { class: "gallery-group", "aria-labelledby": headingID },
      element("h3", { id: headingID }, group.title), element("p", {}, group.text), columns);
  }));
}
