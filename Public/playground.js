// The playground: the form, the preview with the facts of its response and its audit, the same
// render as seen with a vision loss beside it, and the snippets to copy. The state is the set of
// parameters the user gave; every other value is a default. The page's own query string holds that
// state, so a link opens the same render and comparison.

import { AuditPanel } from "./audit.js";
import { buildControl, fillForm, markControl, onEdit, recordEdit, showResolution } from "./controls.js";
import { APPEARANCE_NAMES, isAnimated, queryString } from "./relief.js";

/** Milliseconds of quiet after the last change before a render is requested. */
export const DEBOUNCE_MS = 250;

/**
 * The parameter of the "see it as" menu: the page keeps it, but the original's URL and snippets
 * leave it out; the second image is the original's query with it added.
 */
const COMPARED = "simulate";

/** The parameter choosing what /render answers with: an image, or text shown as code. */
const FORMAT = "format";

/** The parameter asking for every appearance in one answer, and its value that does. */
const SCHEME = "scheme";
const FOLLOWS_THE_VIEWER = "auto";

/** The image format that holds every appearance by itself, shown where the query's format cannot. */
const ADAPTING_IMAGE_FORMAT = "svg";

/** The format whose `scheme=auto` answer holds the `<picture>` of every appearance's PNGs. */
const PICTURE_FORMAT = "html";

/** The snippets that hold the original's query in another format, by the format they fetch. */
const CODE_SNIPPETS = { css: "css", swiftui: "swiftui" };

/** The format the "Download SVG" link fetches. */
const DOWNLOADED_FORMAT = "svg";

/** The `/describe` answers kept, the newest, so that going back and forth asks the server once. */
const KEPT_DESCRIPTIONS = 64;

export class Playground {
  /**
   * @param parameters the `/render` parameters of /openapi.json (a `RenderParameters`)
   * @param page the elements of index.html the playground fills in
   * @param checkNames the audit's checks' names by id, from /openapi.json (see `checkNames` in audit.js)
   */
  constructor(parameters, page, checkNames) {
    this.parameters = parameters;
    this.page = page;
    this.given = readQuery(location.search);
    this.controls = new Map(parameters.list.map((parameter) => [parameter.name, buildControl(parameter)]));
    this.sequence = 0;
    this.timer = undefined;
    // The controller of the requests in flight, and what they were for (the URL and the comparison).
    this.abort = undefined;
    this.requestedKey = undefined;
    // The URL and size in points of the image in the preview, and its bytes, which Replay shows again.
    this.shown = undefined;
    this.shownBlob = undefined;
    // `/describe` answers by URL (promises of `{ alt, width, height }`, or null for a refused query).
    this.descriptions = new Map();
    this.invalidControl = undefined;
    this.audit = new AuditPanel(page.audit, checkNames, (name, value) => {
      this.given.set(name, value);
      this.changed();
    });
    this.buildForm();
    this.page.resetButton.addEventListener("click", () => {
      this.given.clear();
      this.changed();
    });
    for (const button of this.page.copyButtons) {
      button.addEventListener("click", () => this.copy(button));
    }
    this.page.replayButton.addEventListener("click", () => this.replay());
  }

  /** Fills the form, shows the state of the page's URL and renders it. */
  start() {
    this.changed({ delay: 0 });
  }

  buildForm() {
    const form = this.page.form;
    fillForm(form, this.parameters, this.parameters.groups,
      [...this.controls.values()].filter((control) => control.name !== COMPARED));
    const compared = this.controls.get(COMPARED);
    if (compared) {
      this.page.seeAs.replaceChildren(compared.element);
      compared.element.addEventListener("change", () => this.edited(compared, { settled: true }));
    }
    onEdit(form, this.controls, (control, settled) => this.edited(control, { settled }));
  }

  /** The user changed `control`; `settled` once the change is done. */
  edited(control, { settled = false } = {}) {
    recordEdit(this.given, control, this.resolve());
    // While a field is being typed in, it keeps what the user typed; once it is left, it shows
    // the value that is in effect.
    this.changed({ editing: settled ? undefined : control });
  }

  /** Shows the state everywhere and renders it after a pause. */
  changed({ editing, delay = DEBOUNCE_MS } = {}) {
    const resolution = this.resolve();
    showResolution(this.page.form, this.controls.values(), resolution, editing);
    const unused = this.parameters.list.map((parameter) => parameter.name).filter((name) => !resolution.applies(name));
    this.page.unusedNote.textContent = unused.length === 0 ? "" : `Not used with these settings: ${unused.join(", ")}.`;

    const query = this.query(resolution, { [COMPARED]: resolution.given.get(COMPARED) });
    history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
    this.showSnippets(resolution);
    this.scheduleRender(resolution, delay);
  }

  /** The given parameters resolved as the server resolves them. */
  resolve(given = this.given) {
    return this.parameters.resolve(given);
  }

  /** `resolution` without the comparison: what the original image shows. */
  original(resolution) {
    return this.resolve(new Map([...resolution.given].filter(([name]) => name !== COMPARED)));
  }

  /**
   * The `/render` query of the given parameters that change the image, in the server's order;
   * parameters the server does not describe go last, so that its answer names them.
   */
  query(resolution, overrides = {}) {
    const { given } = resolution;
    const entries = [];
    for (const { name } of this.parameters.list) {
      const value = name in overrides ? overrides[name] : name === COMPARED ? undefined : given.get(name);
      if (value !== undefined && resolution.applies(name)) entries.push([name, value]);
    }
    for (const [name, value] of given) {
      if (!this.parameters.byName.has(name)) entries.push([name, value]);
    }
    return queryString(entries);
  }

  renderURL(resolution, overrides) {
    const query = this.query(resolution, overrides);
    return new URL(`/render${query ? `?${query}` : ""}`, location.href).href;
  }

  /** The media type the server answers `resolution`'s format with, as /openapi.json publishes it. */
  mediaType(resolution) {
    return this.parameters.byName.get(FORMAT)?.["x-relief-media-types"]?.[resolution.values[FORMAT]];
  }

  /** Whether `resolution` asks for an image (or a format the server will refuse, which it says). */
  isImage(resolution) {
    return this.mediaType(resolution)?.startsWith("image/") ?? true;
  }

  /**
   * What the server says the image of `resolution` (with `overrides`) shows and how large it is in
   * points (`/describe`): a promise of `{ alt, width, height }`, or of null where it refuses the query.
   */
  description(resolution, overrides = {}) {
    return this.describe(this.query(resolution, overrides));
  }

  /** ``description`` of a query string as it is. */
  describe(query) {
    const url = `/describe${query ? `?${query}` : ""}`;
    let answer = this.descriptions.get(url);
    if (!answer) {
      answer = fetch(url, { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null);
      if (this.descriptions.size >= KEPT_DESCRIPTIONS) this.descriptions.delete(this.descriptions.keys().next().value);
      this.descriptions.set(url, answer);
    }
    return answer;
  }

  /** Whether `resolution` asks for every appearance in one answer (`scheme=auto`). */
  followsTheViewer(resolution) {
    return resolution.values[SCHEME] === FOLLOWS_THE_VIEWER;
  }

  /**
   * The format an <img> of `resolution` needs: the query's own where it is an image that holds what
   * the query asks, else the default (PNG), or for `scheme=auto` the image that adapts (SVG).
   */
  imageOverrides(resolution) {
    if (this.followsTheViewer(resolution)) {
      return resolution.values[FORMAT] === ADAPTING_IMAGE_FORMAT ? {} : { [FORMAT]: ADAPTING_IMAGE_FORMAT };
    }
    return this.isImage(resolution) ? {} : { [FORMAT]: resolution.defaultOf(FORMAT) };
  }

  /**
   * What the preview fetches: the query itself, but where `scheme=auto` asks an image format that
   * cannot adapt (PNG), the SVG that does; a text format shows as code, or as the server's refusal.
   */
  previewOverrides(resolution) {
    return this.isImage(resolution) ? this.imageOverrides(resolution) : {};
  }

  showSnippets(resolution) {
    const url = this.renderURL(resolution);
    const image = this.imageOverrides(resolution);
    const imageURL = this.renderURL(resolution, image);
    const sources = [1, 2, 3].map((scale) => `${this.renderURL(resolution, { ...image, scale: String(scale) })} ${scale}x`);
    const snippets = this.page.snippets;
    snippets.url.textContent = url;
    // -OJ saves under the file name the server gives, with its format's extension.
    snippets.curl.textContent = `curl -OJ '${url}'`;
    this.page.openLink.href = url;
    this.page.downloadSVG.href = this.renderURL(resolution, { [FORMAT]: DOWNLOADED_FORMAT });
    this.snippetImageURL = imageURL;
    this.description(resolution, image).then((description) => {
      if (this.snippetImageURL !== imageURL) return;
      const alt = description?.alt ?? "";
      // The size of the image shown when it is this URL's, else the size the server gives.
      const size = this.shown?.url === imageURL ? this.shown : description;
      // The server's <picture> (AVIF, WebP and the PNG <img>) where it gives one, its URLs made absolute.
      if (!this.followsTheViewer(resolution)) {
        snippets.img.textContent = description?.picture
          ? description.picture.replace(/(^|[\s"])\/render\?/g, (_, before) => `${before}${new URL("/render?", location.href).href}`)
          : imgTag(imageURL, sources, size, alt);
      }
      snippets.markdown.textContent = `![${alt.replace(/[[\]\\]/g, "\\$&")}](${imageURL})`;
    });
    const copyImg = this.page.imgCopyButton;
    if (this.followsTheViewer(resolution) || this.isImage(resolution)) {
      copyImg.textContent = "Copy <picture>";
      copyImg.dataset.what = "the picture element";
    } else {
      copyImg.textContent = "Copy <img>";
      copyImg.dataset.what = "the img tag";
    }
  }

  scheduleRender(resolution, delay) {
    clearTimeout(this.timer);
    this.page.preview.setAttribute("aria-busy", "true");
    this.audit.measuring();
    this.timer = setTimeout(() => this.render(resolution), delay);
  }

  /** Fetches the render, its audit and its simulation together; a newer change cancels all three. */
  async render(resolution) {
    const url = this.renderURL(resolution, this.previewOverrides(resolution));
    // A simulation other than the default ("none") that the server knows.
    const compared = resolution.values[COMPARED];
    const known = this.parameters.byName.get(COMPARED)?.schema.enum ?? [];
    const simulation = compared !== resolution.defaultOf(COMPARED) && known.includes(compared) ? compared : null;
    const key = `${url} ${simulation}`;
    // A settled field sends a change after its last input: the same request is already on its way or shown.
    if (key === this.requestedKey) {
      if (!this.abort) {
        this.page.preview.removeAttribute("aria-busy");
        this.audit.settled();
      }
      return;
    }
    this.requestedKey = key;
    const sequence = ++this.sequence;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    const isCurrent = () => sequence === this.sequence;
    try {
      await Promise.all([
        this.renderOriginal(url, resolution, abort.signal, isCurrent),
        this.runAudit(resolution, abort.signal, isCurrent),
        this.renderSimulation(simulation, resolution, isCurrent),
        this.renderAppearances(resolution, isCurrent),
        this.loadCode(resolution, abort.signal, isCurrent),
      ]);
    } finally {
      if (isCurrent()) {
        this.abort = undefined;
        this.page.preview.removeAttribute("aria-busy");
      }
    }
  }

  /** Fetches the render, then swaps it in once decoded, so the old image stays until then. */
  async renderOriginal(url, resolution, signal, isCurrent) {
    let objectURL;
    try {
      const answer = await fetchAnswer(url, signal, this.description(resolution));
      objectURL = answer.image?.src;
      if (!isCurrent()) return;
      if (answer.problem) return this.showProblem(answer.problem);
      if (answer.text !== undefined) return this.showCode(answer.text, resolution, answer.headers);
      answer.image.alt = answer.description?.alt ?? "";
      this.showImage(answer.image, resolution, url, answer.blob, answer.headers);
      objectURL = undefined;
    } catch (error) {
      if (error.name !== "AbortError" && isCurrent()) {
        // Asking again for the same URL must try again.
        this.requestedKey = undefined;
        this.showProblem({ title: "The image could not be loaded", detail: error.message });
      }
    } finally {
      if (objectURL) URL.revokeObjectURL(objectURL);
    }
  }

  /** Fetches the original's query as CSS and as SwiftUI for their snippets, and its `<picture>` for scheme=auto. */
  async loadCode(resolution, signal, isCurrent) {
    const loads = Object.entries(CODE_SNIPPETS).map(([snippet, format]) => ({ snippet, format, shown: (text) => text }));
    // For scheme=auto the HTML snippet is the <picture> of the server's page of the query.
    if (this.followsTheViewer(resolution)) loads.push({ snippet: "img", format: PICTURE_FORMAT, shown: pictureOfPage });
    await Promise.all(loads.map(async ({ snippet, format, shown }) => {
      const target = this.page.snippets[snippet];
      try {
        const response = await fetch(this.renderURL(resolution, { [FORMAT]: format }),
          { headers: { Accept: "application/json" }, signal });
        const text = response.ok ? shown(await response.text())
          : `Not available: ${(await readProblem(response)).detail ?? `the server answered ${response.status}`}`;
        if (isCurrent()) target.textContent = text;
      } catch (error) {
        if (error.name !== "AbortError" && isCurrent()) target.textContent = `Not available: ${error.message}`;
      }
    }));
  }

  /** Fetches `/audit` of the original's query and shows it, or says why there is none. */
  async runAudit(resolution, signal, isCurrent) {
    // The audit of the preview: every appearance of scheme=auto, each one's checks.
    const query = this.query(resolution, this.previewOverrides(resolution));
    try {
      const response = await fetch(`/audit${query ? `?${query}` : ""}`, { headers: { Accept: "application/json" }, signal });
      if (!response.ok) {
        const problem = await readProblem(response);
        if (isCurrent()) this.audit.showProblem(problem.detail ?? problem.title ?? `the server answered ${response.status}.`);
        return;
      }
      const audit = await response.json();
      if (isCurrent()) this.audit.show(audit);
    } catch (error) {
      if (error.name !== "AbortError" && isCurrent()) {
        this.requestedKey = undefined;
        this.audit.showProblem(`the audit could not be loaded (${error.message}).`);
      }
    }
  }

  /** Shows the original's query as seen with `simulation` beside it, or hides that view for none. */
  async renderSimulation(simulation, resolution, isCurrent) {
    const view = this.page.simulated;
    if (!simulation) {
      view.figure.hidden = true;
      view.canvas.replaceChildren();
      return;
    }
    view.figure.hidden = false;
    view.name.textContent = capitalized(this.parameters.valueLabel(COMPARED, simulation));
    view.status.textContent = "Rendering…";
    const image = new Image();
    // A simulation is drawn into pixels, which only the default format (PNG) holds, of one appearance.
    const simulated = { [COMPARED]: simulation, [FORMAT]: resolution.defaultOf(FORMAT), [SCHEME]: resolution.defaultOf(SCHEME) };
    image.src = this.renderURL(resolution, simulated);
    let description;
    try {
      [description] = await Promise.all([this.description(resolution, simulated), image.decode()]);
    } catch {
      if (isCurrent()) {
        view.canvas.replaceChildren();
        view.status.textContent = "Not rendered.";
      }
      return;
    }
    if (!isCurrent()) return;
    const scale = Number(resolution.values.scale) || 1;
    image.id = "simulated-image";
    image.alt = description?.alt ?? "";
    image.width = Math.round(image.naturalWidth / scale);
    image.height = Math.round(image.naturalHeight / scale);
    view.canvas.replaceChildren(image);
    view.status.textContent = "Rendered.";
  }

  /**
   * For `scheme=auto`, shows each appearance's PNG side by side, as `/describe` lists them; hides
   * that view otherwise.
   */
  async renderAppearances(resolution, isCurrent) {
    const view = this.page.appearances;
    if (!this.followsTheViewer(resolution)) {
      view.figure.hidden = true;
      view.row.replaceChildren();
      return;
    }
    view.figure.hidden = false;
    view.status.textContent = "Rendering…";
    const description = await this.description(resolution, this.imageOverrides(resolution));
    if (!isCurrent()) return;
    if (!description?.appearances) {
      view.row.replaceChildren();
      view.status.textContent = "Not rendered.";
      return;
    }
    const scale = Number(resolution.values.scale) || 1;
    const pictures = await Promise.all(description.appearances.map(async (appearance) => {
      const query = new URLSearchParams(appearance.query);
      // Each picture alone, as a PNG: the default format.
      query.set(FORMAT, resolution.defaultOf(FORMAT));
      const image = new Image();
      image.src = new URL(`/render?${query}`, location.href).href;
      const [alone, decoded] = await Promise.all([
        this.describe(query.toString()), image.decode().then(() => true, () => false)]);
      image.alt = alone?.alt ?? "";
      image.className = "appearance-image";
      image.dataset.appearance = appearance.name;
      image.width = Math.round(image.naturalWidth / scale);
      image.height = Math.round(image.naturalHeight / scale);
      const figure = document.createElement("figure");
      const canvas = Object.assign(document.createElement("div"), { className: "canvas" });
      canvas.append(image);
      const caption = document.createElement("figcaption");
      caption.textContent = `${APPEARANCE_NAMES[appearance.name] ?? appearance.name}: ${appearance.style}`;
      figure.append(canvas, caption);
      return { figure, decoded };
    }));
    if (!isCurrent()) return;
    view.row.replaceChildren(...pictures.map(({ figure }) => figure));
    view.status.textContent = pictures.every(({ decoded }) => decoded) ? "Rendered." : "Not every appearance was rendered.";
  }

  showImage(image, resolution, url, blob, headers) {
    this.shownBlob = blob;
    const scale = Number(resolution.values.scale) || 1;
    // An SVG's size is in CSS pixels, one a point; a PNG's in pixels, `scale` a point.
    const isVector = (headers.get("Content-Type") ?? "").startsWith("image/svg+xml");
    image.id = "preview-image";
    // The size in points is kept apart: `image.width` reads back the width laid out, which is
    // smaller where the view is narrower than the image.
    const width = Math.round(image.naturalWidth / (isVector ? 1 : scale));
    const height = Math.round(image.naturalHeight / (isVector ? 1 : scale));
    image.width = width;
    image.height = height;
    swapIn(image, this.page.canvas);
    this.showRendered(resolution, { url, width, height });
    const facts = this.page.facts;
    facts.pixels.textContent = isVector ? "none: a vector image" : `${image.naturalWidth} × ${image.naturalHeight} px`;
    facts.points.textContent = isVector ? `${width} × ${height} pt` : `${width} × ${height} pt at ${formatNumber(scale)}×`;
    this.showResponseFacts(headers, blob.size);
  }

  /** A text format's answer, shown as code to read and copy in place of the image. */
  showCode(text, resolution, headers) {
    this.shownBlob = undefined;
    const view = this.page.codeView;
    view.title.textContent = capitalized(this.parameters.valueLabel(FORMAT, resolution.values[FORMAT]));
    view.text.textContent = text;
    this.showRendered(resolution, undefined);
    this.page.facts.pixels.textContent = "none: text";
    this.page.facts.points.textContent = "—";
    this.showResponseFacts(headers, new TextEncoder().encode(text).length);
  }

  /**
   * The preview shows a fresh answer (`shown`: the URL and size in points of an image, undefined
   * for code): the image or the code view, no problem, the snippets for it.
   */
  showRendered(resolution, shown) {
    this.page.canvas.hidden = shown === undefined;
    this.page.codeView.box.hidden = shown !== undefined;
    this.page.preview.classList.remove("is-stale");
    this.page.problem.hidden = true;
    this.markInvalid(undefined);
    this.shown = shown;
    this.page.replayButton.hidden = shown === undefined || !isAnimated(resolution);
    this.showSnippets(resolution);
  }

  /** The size, times and cache of a response, from its headers. */
  showResponseFacts(headers, bytes) {
    const timing = parseServerTiming(headers.get("Server-Timing") ?? "");
    const facts = this.page.facts;
    facts.bytes.textContent = formatBytes(Number(headers.get("Content-Length") ?? bytes));
    facts.render.textContent = formatMilliseconds(timing.render?.dur);
    facts.encode.textContent = formatMilliseconds(timing.encode?.dur);
    const cache = timing.cache?.desc;
    facts.cache.textContent = cache === "hit" ? "hit (times of the first render)" : cache ?? "not reported";
    this.page.status.textContent = "Rendered.";
  }

  /**
   * Plays the preview's animation again from its first frame: the same bytes under a new URL are
   * decoded afresh, where setting the same URL again would leave an animation that has ended.
   */
  replay() {
    const image = document.getElementById("preview-image");
    if (!image || !this.shownBlob) return;
    const previous = image.src;
    image.src = URL.createObjectURL(this.shownBlob);
    URL.revokeObjectURL(previous);
    this.page.status.textContent = "Playing again.";
  }

  showProblem(problem) {
    const box = this.page.problem;
    box.replaceChildren(...problemParagraphs(problem));
    box.hidden = false;
    this.page.preview.classList.add("is-stale");
    this.markInvalid(problem.parameter);
    for (const fact of Object.values(this.page.facts)) fact.textContent = "—";
    if (document.getElementById("preview-image") || !this.page.codeView.box.hidden) {
      this.page.status.textContent = "Not rendered; what is shown above is the last render that was.";
    } else {
      this.page.canvas.querySelector(".canvas-empty").textContent = "No image";
      this.page.status.textContent = "Not rendered.";
    }
  }

  /** Marks the control of the parameter a problem names, so its field says it is at fault. */
  markInvalid(name) {
    markControl(this.invalidControl, false);
    this.invalidControl = this.controls.get(name);
    markControl(this.invalidControl, true);
  }

  copy(button) {
    return copySnippet(button, this.page.copyStatus);
  }
}

/**
 * Copies the text of the element `button` controls (`aria-controls`) and says so in `status`, in
 * the words of its `data-what`; where copying is blocked, selects the text for the user to copy.
 */
export async function copySnippet(button, status) {
  const source = document.getElementById(button.getAttribute("aria-controls"));
  const copied = await writeClipboard(source.textContent);
  status.textContent = copied
    ? `Copied ${button.dataset.what}.`
    : `Copying is blocked here; select the ${button.dataset.what} above and copy it.`;
  if (!copied) window.getSelection().selectAllChildren(source);
}

/**
 * An `<img>` tag of `src` with the `srcset` of `sources` (`"URL 2x"` each; none where empty), the
 * size in points `size` (`{ width, height }`, or none yet) and the alt text `alt`.
 */
export function imgTag(src, sources, size, alt) {
  const srcset = sources.length > 0 ? `srcset="${sources.join(", ")}" ` : "";
  const dimensions = size ? `width="${size.width}" height="${size.height}" ` : "";
  return `<img src="${src}" ${srcset}${dimensions}alt="${escapeAttribute(alt)}">`;
}

/** A problem's title, detail, and what the parameter it names accepts, as paragraphs. */
export function problemParagraphs(problem) {
  const title = document.createElement("p");
  title.className = "problem-title";
  title.textContent = problem.title ?? "The server refused this combination";
  const paragraphs = [title];
  if (problem.detail) {
    const detail = document.createElement("p");
    detail.textContent = problem.detail;
    paragraphs.push(detail);
  }
  if (problem.parameter && problem.allowed) {
    const allowed = document.createElement("p");
    const name = document.createElement("code");
    name.textContent = problem.parameter;
    allowed.append(name, ` accepts ${problem.allowed}.`);
    paragraphs.push(allowed);
  }
  return paragraphs;
}

/** The parameters of a page query, empty values left out. */
/**
 * The `<picture>` of every appearance's PNGs in the server's HTML page of a `scheme=auto` query, its
 * links made absolute so that it works on any page.
 */
function pictureOfPage(page) {
  const picture = new DOMParser().parseFromString(page, "text/html").querySelector("picture");
  if (!picture) return "Not available: the server's page of this query holds no <picture>.";
  const absolute = (link) => new URL(link, location.href).href;
  for (const element of picture.querySelectorAll("[src]")) element.setAttribute("src", absolute(element.getAttribute("src")));
  for (const element of picture.querySelectorAll("[srcset]")) {
    const candidates = element.getAttribute("srcset").split(", ").map((candidate) => {
      const [link, density] = candidate.split(" ");
      return `${absolute(link)} ${density}`;
    });
    element.setAttribute("srcset", candidates.join(", "));
  }
  return picture.outerHTML;
}

function readQuery(search) {
  const given = new Map();
  for (const [name, value] of new URLSearchParams(search)) {
    if (value !== "") given.set(name, value);
  }
  return given;
}

/** `render;dur=1.2, cache;desc=hit` as `{ render: { dur: 1.2 }, cache: { desc: "hit" } }`. */
function parseServerTiming(header) {
  const metrics = {};
  for (const entry of header.split(",")) {
    const [name, ...parameters] = entry.split(";").map((part) => part.trim());
    if (!name) continue;
    const metric = {};
    for (const parameter of parameters) {
      const [key, value = ""] = parameter.split("=").map((part) => part.trim());
      metric[key] = key === "dur" ? Number(value) : value.replace(/^"(.*)"$/, "$1");
    }
    metrics[name] = metric;
  }
  return metrics;
}

/**
 * Fetches an answer to show: `{ problem }` for a refused request (asked for JSON, it answers with
 * the problem as text, not as a picture), `{ text, headers }` for a text format, or `{ image, blob,
 * headers, description }` for an image, decoded from an object URL (its `src`, the caller's to
 * revoke) while `described` (a promise, say of `/describe`'s answer) is awaited.
 */
export async function fetchAnswer(url, signal, described) {
  const response = await fetch(url, { headers: { Accept: "application/json" }, signal });
  if (!response.ok) return { problem: await readProblem(response) };
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.startsWith("image/")) return { text: await response.text(), headers: response.headers };
  const blob = await response.blob();
  const image = new Image();
  image.src = URL.createObjectURL(blob);
  try {
    const [description] = await Promise.all([described, image.decode()]);
    return { image, blob, headers: response.headers, description };
  } catch (error) {
    URL.revokeObjectURL(image.src);
    throw error;
  }
}

/**
 * Shows `image` in place of the one with its id, whose object URL is revoked, or alone in `canvas`
 * where there is none yet.
 */
export function swapIn(image, canvas) {
  const previous = document.getElementById(image.id);
  if (previous) {
    previous.replaceWith(image);
    URL.revokeObjectURL(previous.src);
  } else {
    canvas.replaceChildren(image);
  }
}

/** The problem JSON of a refused request, or a title saying its status where it has none. */
export async function readProblem(response) {
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("json")) {
    try {
      return await response.json();
    } catch {
      // An unreadable body still has a status worth showing.
    }
  }
  return { title: `The server answered ${response.status} ${response.statusText}`.trim() };
}

/** Writes text to the clipboard, falling back to a selected text area where the API is missing or refused. */
async function writeClipboard(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const focused = document.activeElement;
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "offscreen";
    document.body.append(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    area.remove();
    focused?.focus();
    return copied;
  }
}

export function capitalized(text) {
  return text[0].toUpperCase() + text.slice(1);
}

function escapeAttribute(text) {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function formatNumber(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0+$/, "");
}

function formatBytes(bytes) {
  const grouped = bytes.toLocaleString("en");
  return bytes < 1024 ? `${grouped} bytes` : `${grouped} bytes (${(bytes / 1024).toFixed(1)} KiB)`;
}

function formatMilliseconds(value) {
  return Number.isFinite(value) ? `${value.toFixed(2)} ms` : "not reported";
}
