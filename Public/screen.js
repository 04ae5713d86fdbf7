// The screen editor: a layout written in SwiftUI's words (SPEC §14) on the left, the screen /screen
// draws from it beside it, the settings of the whole screen from /openapi.json's /screen parameters,
// and the <img> tag to copy. A refused layout marks the line the server names. Once used, the
// editor keeps its state in the page's fragment, `#/screen?` and the /screen query, so a link opens
// the same screen.

import { buildControl, fillForm, markControl, onEdit, recordEdit, showResolution } from "./controls.js";
import { copySnippet, DEBOUNCE_MS, fetchAnswer, imgTag, problemParagraphs, swapIn } from "./playground.js";
import { queryString } from "./relief.js";

/** The parameter that carries the layout. */
const SOURCE = "source";

/** The parameter choosing what /screen answers with, and the one giving pixels per point. */
const FORMAT = "format";
const SCALE = "scale";

/**
 * The start of the page's fragment while it holds the editor's screen, `#/screen?source=…&…`: the
 * path and query of the /screen URL, which names no element of the page.
 */
const FRAGMENT = "#/screen?";

/** The layout text as `source=` carries it: deflated (raw DEFLATE), in base64url without padding. */
export async function encodeLayout(text) {
  const deflated = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(deflated).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The layout text of a `source=` value (the inverse of `encodeLayout`); throws where it is none. */
export async function decodeLayout(encoded) {
  const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(inflated).text();
}

/** The link that opens a `/screen?…` URL in the editor. */
export function editorLink(url) {
  return FRAGMENT + new URL(url, location.href).search.slice(1);
}

export class ScreenEditor {
  /**
   * @param parameters the `/screen` parameters of /openapi.json (a `RenderParameters`), its gallery
   *   (`x-relief-gallery`) among them
   * @param page the elements of index.html the editor fills in
   */
  constructor(parameters, page) {
    this.parameters = parameters;
    this.page = page;
    this.settings = parameters.list.filter((parameter) => parameter.name !== SOURCE);
    this.controls = new Map(this.settings.map((parameter) => [parameter.name, buildControl(parameter, "screen-parameter")]));
    /** The settings the user gave, by name; every other one is its default. */
    this.given = new Map();
    // What was asked of the server: how many layouts were encoded and screens asked for (an answer
    // to any but the last is dropped), the controller of the request in flight and its URL.
    this.asked = { encodings: 0, screens: 0, abort: undefined, url: undefined };
    // The URL of the answer shown, and a picture's size in points.
    this.shown = undefined;
    // The page's fragment holds the editor's screen once the editor has been used or opened by a link.
    this.inFragment = false;
    fillForm(page.form, parameters, parameters.groups, this.controls.values());
    onEdit(page.form, this.controls, (control, settled) => {
      recordEdit(this.given, control, this.resolve());
      this.changed({ editing: settled ? undefined : control, inFragment: true });
    });
    const area = page.textarea;
    area.addEventListener("input", () => {
      this.givenSource = undefined;
      this.changed({ inFragment: true });
    });
    area.addEventListener("scroll", () => this.followScroll());
    page.alt.addEventListener("input", () => this.showSnippet());
    page.goTo.addEventListener("click", () => this.goTo(this.problemAt));
    page.copyButton.addEventListener("click", () => copySnippet(page.copyButton, page.copyStatus));
    window.addEventListener("hashchange", () => this.openFragment({ focus: true }));
  }

  /** Opens the screen of the page's fragment, or else the gallery's first picture. */
  async start() {
    if (!(await this.openFragment({ focus: false }))) {
      const [entry] = this.parameters.gallery.entries;
      this.openPicture(entry, entry.pictures[0], { focus: false });
    }
  }

  /**
   * Opens `layout` with the settings of `query` and the alt text `alt`. Until the layout is edited,
   * the URL carries `source` as given (a gallery picture's or a link's), so it stays that URL, and a
   * source that is no layout goes to the server as it is, which says what is wrong with it.
   */
  open(layout, { query = "", alt = "" } = {}, { inFragment = false, source } = {}) {
    this.page.textarea.value = layout;
    this.givenSource = source;
    this.given = new Map([...new URLSearchParams(query)].filter(([name, value]) => name !== SOURCE && value !== ""));
    this.page.alt.value = alt;
    this.changed({ delay: 0, inFragment });
  }

  /**
   * Opens a picture of the gallery's `entry` (`{ layout, pictures: [{ url, alt }] }`) as its link
   * asks, and with `focus` takes the user to the editor.
   */
  openPicture(entry, picture, { focus = true } = {}) {
    const query = new URL(picture.url, location.href).search;
    const source = new URLSearchParams(query).get(SOURCE) ?? undefined;
    this.open(entry.layout, { query, alt: picture.alt }, { inFragment: focus, source });
    if (focus) this.focus();
  }

  /**
   * Opens the screen a `#/screen?…` fragment names; false where the fragment names none. A gallery
   * picture's URL brings its alt text.
   */
  async openFragment({ focus }) {
    if (!location.hash.startsWith(FRAGMENT)) return false;
    const query = location.hash.slice(FRAGMENT.length);
    const url = `/screen?${query}`;
    const picture = this.parameters.gallery.entries.flatMap((entry) => entry.pictures).find((shot) => shot.url === url);
    const source = new URLSearchParams(query).get(SOURCE) ?? "";
    let layout = "";
    try {
      layout = await decodeLayout(source);
    } catch {
      // The server says what is wrong with it.
    }
    this.open(layout, { query, alt: picture?.alt ?? this.page.alt.value }, { inFragment: true, source });
    if (focus) this.focus();
    return true;
  }

  /** Brings the editor into view with the caret in the layout. */
  focus() {
    this.page.section.scrollIntoView({ block: "start" });
    this.page.textarea.focus({ preventScroll: true });
  }

  resolve() {
    return this.parameters.resolve(this.given);
  }

  /** Shows the settings and the layout's lines, and draws the screen after a pause. */
  changed({ editing, delay = DEBOUNCE_MS, inFragment = false } = {}) {
    this.inFragment ||= inFragment;
    const resolution = this.resolve();
    showResolution(this.page.form, this.controls.values(), resolution, editing);
    this.numberLines();
    clearTimeout(this.timer);
    this.page.preview.setAttribute("aria-busy", "true");
    this.timer = setTimeout(() => this.render(resolution), delay);
  }

  /**
   * The `/screen` query of `source` and the given settings that apply, in the server's order, with
   * `overrides`; settings the server does not describe go last, so that its answer names them.
   */
  query(source, resolution, overrides = {}) {
    const entries = [[SOURCE, source]];
    for (const { name } of this.settings) {
      const value = name in overrides ? overrides[name] : resolution.given.get(name);
      if (value !== undefined && resolution.applies(name)) entries.push([name, value]);
    }
    for (const [name, value] of resolution.given) {
      if (!this.parameters.byName.has(name)) entries.push([name, value]);
    }
    return queryString(entries);
  }

  screenURL(source, resolution, overrides) {
    return new URL(`/screen?${this.query(source, resolution, overrides)}`, location.href).href;
  }

  /** Whether `resolution`'s format is an image, as /openapi.json's media types say (or unknown, which the server refuses). */
  isImage(resolution) {
    return this.parameters.byName.get(FORMAT)?.["x-relief-media-types"]?.[resolution.values[FORMAT]]?.startsWith("image/") ?? true;
  }

  /** Encodes the layout, then fetches its screen; a newer change cancels both. */
  async render(resolution) {
    const asked = this.asked;
    const encoding = ++asked.encodings;
    const source = this.givenSource ?? await encodeLayout(this.page.textarea.value);
    if (encoding !== asked.encodings) return;
    this.source = source;
    this.resolution = resolution;
    const query = this.query(source, resolution);
    if (this.inFragment) {
      history.replaceState(history.state, "", `${location.pathname}${location.search}${FRAGMENT}${query}`);
    }
    const url = this.screenURL(source, resolution);
    this.page.openLink.href = url;
    this.showSnippet();
    // A settled field sends a change after its last input: the same request is on its way or shown.
    if (url === asked.url) {
      if (!asked.abort) this.page.preview.removeAttribute("aria-busy");
      return;
    }
    asked.url = url;
    const screen = ++asked.screens;
    const isCurrent = () => screen === asked.screens;
    asked.abort?.abort();
    const abort = new AbortController();
    asked.abort = abort;
    try {
      const answer = await fetchAnswer(url, abort.signal);
      if (!isCurrent()) {
        if (answer.image) URL.revokeObjectURL(answer.image.src);
        return;
      }
      if (answer.problem) return this.showProblem(answer.problem);
      if (answer.text !== undefined) return this.showCode(answer.text, url);
      this.showImage(answer.image, url, answer.headers.get("Content-Type"), resolution);
    } catch (error) {
      if (error.name !== "AbortError" && isCurrent()) {
        // Asking again for the same URL must try again.
        asked.url = undefined;
        this.showProblem({ title: "The screen could not be loaded", detail: error.message });
      }
    } finally {
      if (isCurrent()) {
        asked.abort = undefined;
        this.page.preview.removeAttribute("aria-busy");
      }
    }
  }

  /** Swaps the new picture in, at its size in points, the URL it came from beside it. */
  showImage(image, url, type, resolution) {
    // An SVG's size is in CSS pixels, one a point; a PNG's in pixels, `scale` a point.
    const scale = type.startsWith("image/svg+xml") ? 1 : Number(resolution.values[SCALE]) || 1;
    const width = Math.round(image.naturalWidth / scale);
    const height = Math.round(image.naturalHeight / scale);
    image.id = "screen-image";
    image.dataset.url = url;
    image.width = width;
    image.height = height;
    image.alt = this.page.alt.value;
    swapIn(image, this.page.canvas);
    this.shown = { url, width, height };
    this.showFresh(true);
    this.page.status.textContent = `Drawn: ${width} × ${height} pt`
      + (scale === 1 ? "." : `, ${image.naturalWidth} × ${image.naturalHeight} px at ${scale}×.`);
    this.showSnippet();
  }

  /** A text format's answer, shown as code in place of the picture. */
  showCode(text, url) {
    this.page.code.textContent = text;
    this.shown = { url };
    this.showFresh(false);
    this.page.status.textContent = "Answered as text.";
    this.showSnippet();
  }

  /** The preview shows a fresh answer, the picture (`isImage`) or code, and no problem. */
  showFresh(isImage) {
    this.page.canvas.hidden = !isImage;
    this.page.codeView.hidden = isImage;
    this.page.preview.classList.remove("is-stale");
    this.page.problem.hidden = true;
    this.markProblem(undefined);
  }

  /**
   * A refused screen: the server's words, the line of the layout it names marked (with a button that
   * puts the caret there), or the setting it names; the last picture stays, dimmed.
   */
  showProblem(problem) {
    const hasLine = problem.parameter === SOURCE && Number.isInteger(problem.line);
    // At a line, the detail says what was expected there; `allowed` would say it again.
    this.page.problemText.replaceChildren(...problemParagraphs(hasLine ? { ...problem, allowed: undefined } : problem));
    this.problemAt = hasLine ? { line: problem.line, column: problem.column ?? 1 } : undefined;
    this.page.goTo.hidden = !hasLine;
    if (hasLine) this.page.goTo.textContent = `Go to line ${problem.line}, column ${problem.column ?? 1}`;
    this.page.problem.hidden = false;
    this.page.preview.classList.add("is-stale");
    this.markProblem(problem.parameter, this.problemAt?.line);
    this.page.status.textContent = document.getElementById("screen-image")
      ? "Not drawn; the picture shown is the last one that was."
      : "Not drawn.";
  }

  /**
   * Marks what a problem names: the layout (its `line`, in the gutter and behind the text, where
   * given) or a setting's control; `undefined` clears the marks.
   */
  markProblem(parameter, line) {
    const area = this.page.textarea;
    const isLayout = parameter === SOURCE;
    if (isLayout) {
      area.setAttribute("aria-invalid", "true");
      area.setAttribute("aria-describedby", `${this.page.hint.id} ${this.page.problem.id}`);
    } else {
      area.removeAttribute("aria-invalid");
      area.setAttribute("aria-describedby", this.page.hint.id);
    }
    this.markedLine = isLayout ? line : undefined;
    this.numberLines();
    markControl(this.invalidControl, false);
    this.invalidControl = this.controls.get(parameter);
    markControl(this.invalidControl, true);
  }

  /** The gutter's line numbers, the marked one flagged, and the band behind the marked line. */
  numberLines() {
    const count = this.page.textarea.value.split("\n").length;
    const gutter = this.page.gutter;
    if (gutter.children.length !== count) {
      gutter.replaceChildren(...Array.from({ length: count }, (_, index) => {
        const number = document.createElement("span");
        number.textContent = String(index + 1);
        return number;
      }));
    }
    for (const [index, number] of [...gutter.children].entries()) {
      number.classList.toggle("is-error", index + 1 === this.markedLine);
    }
    this.page.lineMark.hidden = this.markedLine === undefined;
    this.followScroll();
  }

  /** Keeps the gutter and the band beside the lines they belong to as the layout scrolls. */
  followScroll() {
    const area = this.page.textarea;
    this.page.gutter.scrollTop = area.scrollTop;
    if (this.markedLine !== undefined) {
      const style = getComputedStyle(area);
      const top = parseFloat(style.paddingTop) + (this.markedLine - 1) * parseFloat(style.lineHeight) - area.scrollTop;
      this.page.lineMark.style.top = `${top}px`;
    }
  }

  /** Puts the caret at `line` and `column` (1-based; columns count Unicode scalars, as the server's do). */
  goTo({ line, column }) {
    const area = this.page.textarea;
    const lines = area.value.split("\n");
    const row = Math.min(line, lines.length) - 1;
    let offset = lines.slice(0, row).reduce((sum, text) => sum + text.length + 1, 0);
    let scalars = 1;
    for (const scalar of lines[row]) {
      if (scalars === column) break;
      offset += scalar.length;
      scalars += 1;
    }
    area.focus();
    area.setSelectionRange(offset, offset);
  }

  /**
   * The `<img>` tag of the screen: its URL (one picture at the scale asked: a layout's text is most
   * of a URL, and a screen's pixels at 3× may pass the budget), the size of the picture shown where
   * it is this URL's, and the alt text the user gives.
   */
  showSnippet() {
    if (this.source === undefined) return;
    const resolution = this.resolution;
    const image = this.isImage(resolution) ? {} : { [FORMAT]: resolution.defaultOf(FORMAT) };
    const src = this.screenURL(this.source, resolution, image);
    const size = this.shown?.url === src && this.shown.width ? this.shown : undefined;
    this.page.snippet.textContent = imgTag(src, [], size, this.page.alt.value);
    const shown = document.getElementById("screen-image");
    if (shown) shown.alt = this.page.alt.value;
  }
}
