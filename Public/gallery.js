// The gallery: the seeds' screens, each picture a link that opens it in the screen editor; then
// every component and state in every style, grouped as the articles build them up, each picture a
// link that opens it in the playground. The lists are the server's (x-relief-gallery of /screen and
// of /render in /openapi.json), the latter the one `relief gallery` prints too.

import { element } from "./controls.js";
import { queryString } from "./relief.js";
import { editorLink } from "./screen.js";

/**
 * Fills `list` with the screens of `gallery` (`{ entries: [{ name, caption, layout, pictures: [{
 * caption, query, url, alt, width, height }] }] }`), each with its pictures side by side at their
 * size in points; a plain click on one opens it in `editor` (a `ScreenEditor`), and its link opens
 * it in the editor of a new page too.
 */
export function buildScreenGallery(list, gallery, editor) {
  list.replaceChildren(...gallery.entries.map((entry, index) => {
    const headingID = `gallery-screen-${index}`;
    const shots = entry.pictures.map((picture) => {
      const { url, width, height, alt = "" } = picture;
      const link = element("a", { href: editorLink(url) }, element("img", { src: url, width, height, alt, decoding: "async" }));
      link.addEventListener("click", (event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        editor.openPicture(entry, picture);
      });
      return element("li", {}, element("figure", {}, link, element("figcaption", {}, picture.caption)));
    });
    return element("li", { class: "screen-entry", "data-screen": entry.name },
      element("h4", { id: headingID }, entry.caption),
      element("ul", { class: "gallery-shots screen-shots", "aria-labelledby": headingID }, ...shots));
  }));
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
